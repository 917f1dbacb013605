import { chmod, chown, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSettings } from '#settings/settings'
import { PROBLEM_TYPES } from '#shared/problem'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function tokenOf(app: TestApp, scope: 'read-only' | 'read-write'): Promise<string> {
  const created = await app.call('POST', '/v3/tokens', { name: `till-${scope}`, scope })
  expect(created.status).toBe(201)
  return (await created.json()).token
}

describe('PUT /v3/backup (extension): the Settings dialog sets the backup folder', () => {
  it('sets the folder (answering the new status) and clears it with null', async () => {
    const test = await createTestApp()
    const usb = await makeTempDir()
    const set = await test.call('PUT', '/v3/backup', { dir: usb })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ dir: usb, present: true, last: null, warnings: [] })
    expect((await readSettings(test.dir))['backup.dir']).toBe(usb)
    expect(await readdir(usb)).toEqual([]) // the write probe leaves nothing behind
    const cleared = await test.call('PUT', '/v3/backup', { dir: null })
    expect(await cleared.json()).toEqual({ dir: null, present: false, last: null, warnings: [] })
    expect(await readSettings(test.dir)).toEqual({})
  })

  it('refuses (422, nothing changed) a folder that is missing, a file, relative, not writable, or inside the data folder', async () => {
    const test = await createTestApp()
    const usb = await makeTempDir()
    await test.call('PUT', '/v3/backup', { dir: usb })
    const file = path.join(usb, 'notes.txt')
    await writeFile(file, 'mine')
    const cases: [string, RegExp][] = [
      [path.join(usb, 'gone'), /does not exist: plug in the drive, or create the folder first/],
      [file, /is a file, not a folder/],
      ['relative/folder', /is not a full path/],
      [path.join(test.dir, 'backups'), /is inside the data folder/],
      [test.dir, /is inside the data folder/],
      // A folder nobody may write into, even root (who passes every mode check): only the probe write finds out.
      ['/proc', /^Plant Store cannot write into \/proc \(\w+\)/]
    ]
    await mkdir(path.join(test.dir, 'backups'), { recursive: true })
    for (const [dir, message] of cases) {
      const response = await test.call('PUT', '/v3/backup', { dir })
      expect(response.status, dir).toBe(422)
      const problem = await response.json()
      expect(problem.type).toBe(PROBLEM_TYPES.invalidInput)
      expect(problem.detail).toMatch(/^The backup folder was not changed: /)
      expect(problem.errors).toEqual([{ field: 'dir', message: expect.stringMatching(message) }])
    }
    expect((await readSettings(test.dir))['backup.dir']).toBe(usb)
  })

  it('accepts a folder other accounts can write into, but warns about it in its answer and in GET', async () => {
    const test = await createTestApp()
    const shared = await makeTempDir()
    await chmod(shared, 0o777)
    const set = await test.call('PUT', '/v3/backup', { dir: shared })
    expect(set.status).toBe(200)
    const warning = expect.stringMatching(
      /is shared: every account on this computer may write into it \(mode 0777\)\. .*deletes only the backups it wrote/
    )
    expect((await set.json()).warnings).toEqual([warning])
    expect((await (await test.call('GET', '/v3/backup')).json()).warnings).toEqual([warning])
    await chmod(shared, 0o770)
    expect((await (await test.call('GET', '/v3/backup')).json()).warnings).toEqual([
      expect.stringContaining('its group may write into it (mode 0770)')
    ])
    if (process.geteuid?.() === 0) {
      await chmod(shared, 0o755)
      await chown(shared, 65534, 65534) // root may give it away: a folder of another account
      expect((await (await test.call('GET', '/v3/backup')).json()).warnings).toEqual([
        expect.stringMatching(/it belongs to .*, not to .* who runs Plant Store/)
      ])
    }
  })

  it('refuses a body that is not {"dir": string or null} with 400', async () => {
    const test = await createTestApp()
    for (const body of [{}, { dir: 7 }, { dir: '/tmp', more: 1 }, []]) {
      const response = await test.call('PUT', '/v3/backup', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((await response.json()).detail).toMatch(/^The backup folder was not changed: /)
    }
  })

  it('is for the owner only: read-only tokens and read-write named tokens get 403 and change nothing', async () => {
    const test = await createTestApp()
    const usb = await makeTempDir()
    for (const scope of ['read-only', 'read-write'] as const) {
      const token = await tokenOf(test, scope)
      for (const [method, body] of [
        ['PUT', { dir: usb }],
        ['POST', undefined]
      ] as const) {
        const response = await test.call(method, '/v3/backup', body, bearer(token))
        expect(response.status, `${scope} ${method}`).toBe(403)
        expect((await response.json()).detail).toMatch(
          scope === 'read-only' ? /may only read/ : /^Only the owner's token may (change the backup folder|start a backup);/
        )
      }
      // Reading the status stays open to every token: the UI's "Last backup" line shows it to staff too.
      expect((await test.call('GET', '/v3/backup', undefined, bearer(token))).status).toBe(200)
    }
    expect(await readSettings(test.dir)).toEqual({})
    expect(await readdir(usb)).toEqual([])
  })
})

describe('POST /v3/backup (extension): "Back up now" into the backup folder', () => {
  it('counts the plants the shop sees and says the deleted ones apart, restorable', async () => {
    const test = await createTestApp()
    for (const name of ['Fern', 'Moss', 'Ivy']) await test.call('POST', '/v3/plant', { name })
    await test.call('DELETE', '/v3/plant/2')
    const usb = await makeTempDir()
    await test.call('PUT', '/v3/backup', { dir: usb })
    const made = await (await test.call('POST', '/v3/backup')).json()
    expect(made).toEqual({
      file: expect.any(String),
      plantCount: 2,
      deletedCount: 1,
      message: `Backed up 2 plants (and 1 deleted, restorable) to ${made.file}`
    })
  })

  it('writes a verified backup there and records it; 409 with no folder set or a folder gone', async () => {
    const test = await createTestApp()
    await test.call('POST', '/v3/plant', { name: 'Fern' })
    const none = await test.call('POST', '/v3/backup')
    expect(none.status).toBe(409)
    expect(await none.json()).toMatchObject({ type: PROBLEM_TYPES.backupNotMade, detail: expect.stringContaining('no backup folder is set') })

    const usb = await makeTempDir()
    await test.call('PUT', '/v3/backup', { dir: usb })
    const made = await test.call('POST', '/v3/backup')
    expect(made.status).toBe(200)
    const { file, plantCount, deletedCount } = await made.json()
    expect([plantCount, deletedCount]).toEqual([1, 0])
    expect(path.dirname(file)).toBe(usb)
    expect(JSON.parse(await readFile(file, 'utf8')).plants[0].name).toBe('Fern')
    expect((await (await test.call('GET', '/v3/backup')).json()).last).toMatchObject({ dir: usb, file })

    // A pulled-out stick: the backup is refused, and no folder is made on this computer's own disk in its place.
    await rm(usb, { recursive: true })
    const gone = await test.call('POST', '/v3/backup')
    expect(gone.status).toBe(409)
    expect((await gone.json()).detail).toMatch(/the folder is missing \(is the drive plugged in\?\)/)
    await expect(readdir(usb)).rejects.toThrow(/ENOENT/)
  })
})
