import { readFile, stat, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { openStaffAccess } from '#auth/staff/staff-access'
import { staffFile } from '#auth/staff/staff-file'
import { describeStartFailure } from '#app/start-failure'
import { hostPlatform } from '#lib/platform'
import { PROBLEM_TYPES } from '#shared/problem'
import { STAFF_SESSION_HEADER } from '#shared/staff'
import { createTestApp } from '#setup/in-process'
import { TEST_PIN, createStaffedApp, sessionOf } from '#setup/staff'
import { makeTempDir } from '#setup/temp-dir'

describe('staff members (extension)', () => {
  it('the first member must be the owner; members are listed without their PINs, which are stored as scrypt hashes only', async () => {
    const app = await createTestApp()
    const first = await app.call('POST', '/v3/staff', { name: 'Anna', role: 'staff', pin: '4711' })
    expect(first.status).toBe(409)
    expect((await first.json()).detail).toMatch(/the first member must be the owner/)
    const owner = await app.call('POST', '/v3/staff', { name: 'Olga', role: 'owner', pin: '0815' })
    expect(owner.status).toBe(201)
    expect(await owner.json()).toEqual({ id: 1, name: 'Olga', role: 'owner', locked: false })
    const list = await (await app.call('GET', '/v3/staff')).json()
    expect(list).toEqual({ members: [{ id: 1, name: 'Olga', role: 'owner', locked: false }], lockAfterMinutes: 5 })
    const text = await readFile(staffFile(app.dir), 'utf8')
    expect(text).not.toContain('0815')
    expect(JSON.parse(text).members[0].pin).toMatchObject({ N: 16384, r: 8, p: 1, salt: expect.any(String), hash: expect.any(String) })
    if (hostPlatform() !== 'win32') expect((await stat(staffFile(app.dir))).mode & 0o777).toBe(0o600)
  })

  it('refuses a PIN that is not 4 to 8 digits, naming the field', async () => {
    const app = await createTestApp()
    const response = await app.call('POST', '/v3/staff', { name: 'Olga', role: 'owner', pin: '12' })
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toEqual([{ field: 'pin', message: 'a PIN is 4 to 8 digits, sent as text' }])
  })

  it('the owner changes a role, a refund limit and a PIN, removes a member, and sets the lock time; the only owner stays', async () => {
    const app = await createStaffedApp()
    const olga = sessionOf(app, 'owner')
    const changed = await app.call('PATCH', '/v3/staff/3', { role: 'manager', refundLimitCents: 500 }, olga)
    expect(await changed.json()).toEqual({ id: 3, name: 'Anna', role: 'manager', refundLimitCents: 500, locked: false })
    const demoted = await app.call('PATCH', '/v3/staff/1', { role: 'staff' }, olga)
    expect(demoted.status).toBe(409)
    expect((await demoted.json()).detail).toMatch(/"Olga" is the only owner/)
    expect((await app.call('DELETE', '/v3/staff/1', undefined, olga)).status).toBe(409)
    expect((await app.call('DELETE', '/v3/staff/2', undefined, olga)).status).toBe(204)
    expect((await app.call('DELETE', '/v3/staff/2', undefined, olga)).status).toBe(404)
    const lock = await app.call('PUT', '/v3/staff/settings', { lockAfterMinutes: 15 }, olga)
    expect((await lock.json()).lockAfterMinutes).toBe(15)
  })

  it("a named token reads the list but may not manage staff: only the owner's token", async () => {
    const app = await createStaffedApp()
    const token = (await app.namedTokens.add('till-2', 'read-write'))!.token
    const headers = { authorization: `Bearer ${token}` }
    expect((await app.call('GET', '/v3/staff', undefined, headers)).status).toBe(200) // what a till's PIN pad shows
    const response = await app.call('POST', '/v3/staff', { name: 'Ben', role: 'staff', pin: '5555' }, headers)
    expect(response.status).toBe(403)
    expect((await response.json()).detail).toMatch(/^Only the owner's token may manage staff/)
  })
})

describe('PINs and sessions (extension)', () => {
  it('signs in with the right PIN; the session makes changes as that member until signed out', async () => {
    const app = await createStaffedApp()
    const signIn = await app.call('POST', '/v3/staff/sessions', { member: 3, pin: TEST_PIN })
    expect(signIn.status).toBe(201)
    const { session, member } = await signIn.json()
    expect(member).toMatchObject({ id: 3, name: 'Anna', role: 'staff' })
    const header = { [STAFF_SESSION_HEADER]: session }
    expect((await app.call('POST', '/v3/plant', { name: 'Fern' }, header)).status).toBe(200)
    expect((await app.call('DELETE', '/v3/staff/sessions', undefined, header)).status).toBe(204)
    expect((await (await app.call('POST', '/v3/plant', { name: 'Moss' }, header)).json()).type).toBe(PROBLEM_TYPES.staffSessionNeeded)
  })

  it('locks a member out after 5 wrong PINs, still after a restart, until the owner unlocks them', async () => {
    const app = await createStaffedApp()
    const wrong = () =>
      app.call('POST', '/v3/staff/sessions', { member: 3, pin: '9999' }).then(async (r) => ({ status: r.status, body: await r.json() }))
    const first = await wrong()
    expect(first.status).toBe(403)
    expect(first.body).toMatchObject({ type: PROBLEM_TYPES.wrongPin, attemptsLeft: 4 })
    expect(first.body.detail).toMatch(/^That is not Anna's PIN; 4 tries left/)
    // Sent side by side, the guesses still count one by one.
    const more = await Promise.all([2, 3, 4, 5].map(() => wrong()))
    expect(more.map((answer) => answer.status).sort()).toEqual([403, 403, 403, 423])
    await app.store.close() // a restart: the same folder, a new server
    const again = await createTestApp({ dir: app.dir })
    const right = await again.call('POST', '/v3/staff/sessions', { member: 3, pin: TEST_PIN })
    expect(right.status).toBe(423)
    expect((await right.json()).detail).toMatch(/^Anna is locked out after 5 wrong PINs in a row; the owner can unlock them/)
    const listed = await (await again.call('GET', '/v3/staff')).json()
    expect(listed.members.find((member: { id: number }) => member.id === 3)).toMatchObject({ locked: true })
    const unlocked = await again.call('POST', '/v3/staff/3/unlock', undefined, sessionOf(again, 'owner'))
    expect(await unlocked.json()).toMatchObject({ id: 3, locked: false })
    expect((await again.call('POST', '/v3/staff/sessions', { member: 3, pin: TEST_PIN })).status).toBe(201)
  })

  it('an owner locked out unlocks themselves from the command line, which is the owner at this computer', async () => {
    const app = await createStaffedApp()
    for (let attempt = 0; attempt < 5; attempt++) await app.call('POST', '/v3/staff/sessions', { member: 1, pin: '9999' })
    expect((await app.call('POST', '/v3/staff/sessions', { member: 1, pin: TEST_PIN })).status).toBe(423)
    expect((await app.call('POST', '/v3/staff/1/unlock')).status).toBe(403) // the owner's window without a session
    expect((await app.call('POST', '/v3/staff/1/unlock', undefined, { 'x-plant-store-client': 'cli' })).status).toBe(200)
    expect((await app.call('POST', '/v3/staff/sessions', { member: 1, pin: TEST_PIN })).status).toBe(201)
  })

  it('a manager may not unlock: only the owner manages staff', async () => {
    const app = await createStaffedApp()
    const response = await app.call('POST', '/v3/staff/3/unlock', undefined, sessionOf(app, 'manager'))
    expect(response.status).toBe(403)
    expect((await response.json()).detail).toMatch(/^Only the owner can manage staff; Max is signed in as manager/)
  })

  it("refuses a second member with another's name, whatever its case, in words", async () => {
    const app = await createStaffedApp()
    const owner = sessionOf(app, 'owner')
    // Its case, its width (fullwidth Ａ) and look-alike letters of another alphabet (Cyrillic А, Greek Α) are one name.
    for (const name of ['Anna', 'anna', '\uff21nna', '\u0410nna', '\u0391nna']) {
      const added = await app.call('POST', '/v3/staff', { name, role: 'staff', pin: '5555' }, owner)
      expect(added.status).toBe(409)
      expect((await added.json()).detail).toMatch(/"Anna" is already a member's name; give this member another/)
    }
    expect((await app.call('PATCH', '/v3/staff/2', { name: 'ANNA' }, owner)).status).toBe(409)
    expect((await app.call('PATCH', '/v3/staff/3', { name: 'Anna' }, owner)).status).toBe(200) // her own name
    expect((await (await app.call('GET', '/v3/staff')).json()).members.map((member: { name: string }) => member.name)).toEqual([
      'Olga',
      'Max',
      'Anna'
    ])
  })

  it('locking a member out ends the sessions they signed in before', async () => {
    const app = await createStaffedApp()
    const anna = sessionOf(app, 'staff')
    expect((await app.call('POST', '/v3/plant', { name: 'Fern' }, anna)).status).toBe(200)
    for (let attempt = 0; attempt < 5; attempt++) await app.call('POST', '/v3/staff/sessions', { member: 3, pin: '9999' })
    const after = await app.call('POST', '/v3/plant', { name: 'Ivy' }, anna)
    expect(after.status).toBe(403)
    expect((await after.json()).type).toBe(PROBLEM_TYPES.staffSessionNeeded)
  })

  it("a new PIN ends the member's sessions", async () => {
    const app = await createStaffedApp()
    const anna = sessionOf(app, 'staff')
    await app.call('PATCH', '/v3/staff/3', { pin: '2468' }, sessionOf(app, 'owner'))
    expect((await app.call('POST', '/v3/plant', { name: 'Fern' }, anna)).status).toBe(403)
  })
})

describe('a damaged staff.json', () => {
  it('refuses to start, in words that say how to fix it, rather than make everyone the owner', async () => {
    const dir = await makeTempDir()
    await writeFile(staffFile(dir), '{"members": [{"id": 1, "name": "Olga", "role": "boss"}]}', { mode: 0o600 })
    const refused = await openStaffAccess(dir).catch((error: unknown) => error)
    expect(describeStartFailure(refused)).toBe(
      `Refusing to start: ${staffFile(dir)}: member "Olga" has no valid role; fix it, or delete it to remove every staff member ` +
        "(the owner's token then works alone, as before staff)."
    )
  })
})
