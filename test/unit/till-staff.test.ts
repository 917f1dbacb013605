/** A paired till remembers, from each sign-in the main computer answered, which member a staff session is. */
import { describe, expect, it } from 'vitest'
import { TillMembers } from '#till/members'
import { signInAt } from '#till/routes/staff'

const signedIn = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('the members signed in at a till', () => {
  it('keeps the name of the member a sign-in answered, and passes the answer on as it came', async () => {
    const names = new TillMembers()
    const answer = { session: 's-anna', member: { id: 3, name: 'Anna', role: 'staff', locked: false }, lockAfterMinutes: 5 }
    const handler = signInAt(names, signedIn(201, answer))
    const response = (await handler({} as never)) as Response
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual(answer)
    expect(names.memberOf('s-anna')).toMatchObject({ name: 'Anna', role: 'staff' })
    expect(names.staffSeen).toBe(true)
    expect(names.memberOf('another')).toBeUndefined()
    expect(names.memberOf(null)).toBeUndefined()
  })

  it('remembers nothing from a refused sign-in (a wrong PIN)', async () => {
    const names = new TillMembers()
    const response = (await signInAt(names, signedIn(403, { title: 'Wrong PIN', session: 'x' }))({} as never)) as Response
    expect(response.status).toBe(403)
    expect(names.memberOf('x')).toBeUndefined()
    expect(names.staffSeen).toBe(false)
  })
})
