/**
 * The setup routes on the shop's main computer: it says what it is, no first-run choice can be made there, and the
 * shop's own set-up is said to be still to do from the first run's "main computer" until the owner finishes it.
 */
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { changeSettings, readSettings } from '#settings/settings'
import { createTestApp } from '#setup/in-process'

describe('the first-run routes on the main computer (extension)', () => {
  it('say it is the main computer, and refuse both choices in words, changing nothing', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/setup')).json()).toEqual({ stage: 'main' })
    const connect = { address: 'https://10.0.0.2:7421', code: '1234-5678', fingerprint: 'AB'.repeat(32), till: 'door' }
    for (const [route, body] of [
      ['/v3/setup/main', undefined],
      ['/v3/setup/connect', connect],
      ['/v3/setup/connect', { address: 'http://10.0.0.2' }] // set up already comes first: the body is not even read
    ] as const) {
      const answer = await app.call('POST', route, body)
      expect(answer.status).toBe(409)
      expect(await answer.json()).toMatchObject({
        type: PROBLEM_TYPES.setUpAlready,
        detail: "This computer is the shop's main computer already; nothing was changed."
      })
    }
    expect((await app.call('GET', '/v3/plant')).status).toBe(200)
  })
})

describe("the shop's set-up on the main computer (extension)", () => {
  it('is still to do after the first run chose the main computer, until the owner finishes it, for good', async () => {
    const app = await createTestApp()
    await changeSettings(app.dir, (stored) => {
      stored.shopSetUp = 'pending' // as the first run writes it (test/process/first-run covers the first run itself)
    })
    expect(await (await app.call('GET', '/v3/setup')).json()).toEqual({ stage: 'main', shopToSetUp: true })

    const { token } = await (await app.call('POST', '/v3/tokens', { name: 'till' })).json()
    const refused = await app.call('POST', '/v3/setup/shop', undefined, { authorization: `Bearer ${token}` })
    expect(refused.status).toBe(403)
    expect((await refused.json()).detail).toMatch(/^Only the owner's token may end the shop's set-up/)
    expect(await (await app.call('GET', '/v3/setup')).json()).toEqual({ stage: 'main', shopToSetUp: true })

    const done = await app.call('POST', '/v3/setup/shop')
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ stage: 'main' })
    expect(await (await app.call('GET', '/v3/setup')).json()).toEqual({ stage: 'main' })
    expect((await readSettings(app.dir)).shopSetUp).toEqual({ doneAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
  })

  it('is never to do on a folder set up without the first run (no key)', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/setup')).json()).toEqual({ stage: 'main' })
    expect((await readSettings(app.dir)).shopSetUp).toBeUndefined()
  })
})
