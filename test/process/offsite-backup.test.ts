import { chmod, readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { hostPlatform } from '#lib/platform'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CLI_ACTOR } from '#store'

/** What a 0777 folder earns: a warning where modes exist; Windows has none to read, so nothing is said there. */
const SHARED_WARNING =
  hostPlatform() === 'win32' ? /^$/ : /^Warning: the backup folder .* is shared: every account on this computer may write into it \(mode 0777\)\./

describe('backup folder setting', () => {
  it('makes the server back up into backup.dir (a 0777 folder) when it stops', async () => {
    const data = await makeTempDir()
    const usb = await makeTempDir()
    await chmod(usb, 0o777)
    const set = await runCli(['config', 'set', 'backup.dir', usb, '--data', data])
    expect(set.code).toBe(0)
    expect(set.stderr).toMatch(SHARED_WARNING)
    expect((await runCli(['config', 'get', 'backup.dir', '--data', data])).stdout).toBe(`${usb}\n`)
    const server = await startServe(data)
    const response = await fetch(`${server.baseUrl}/plant`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Fern' })
    })
    expect(response.status).toBe(200)
    expect(await server.stop('SIGTERM')).toBe(0)
    const backups = (await readdir(usb)).filter((name) => name.startsWith('plants-'))
    expect(backups.length).toBeGreaterThanOrEqual(1)
    const manual = await runCli(['backup', '--to', path.join(usb, 'more'), '--data', data])
    expect(manual.stdout).toMatch(/^Backed up 1 plant to .*more\/plants-.*\.json\n$/)
    expect(manual.stderr).toBe('') // a folder --to makes is this user's alone
    const intoShared = await runCli(['backup', '--to', usb, '--data', data])
    expect(intoShared.code).toBe(0)
    expect(intoShared.stderr).toMatch(SHARED_WARNING)
  })

  it('config set refuses a folder it cannot use (same check as the Settings dialog), and backup --to under /proc fails at once', async () => {
    const data = await makeTempDir()
    const usb = await makeTempDir()
    const missing = await runCli(['config', 'set', 'backup.dir', path.join(usb, 'gone'), '--data', data])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`plant-store: ${path.join(usb, 'gone')} does not exist: plug in the drive, or create the folder first\n`)
    const inside = await runCli(['config', 'set', 'backup.dir', data, '--data', data])
    expect(inside.stderr).toMatch(/is inside the data folder .*: a dead disk would take both/)
    expect((await runCli(['config', 'get', 'backup.dir', '--data', data])).stdout).toBe('')
    const store = await ShopStore.open({ dir: data })
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    // A recursive mkdir under /proc never settles on Node 20; the backup must fail with a message instead.
    const proc = await runCli(['backup', '--to', '/proc/plant-store-x/y', '--data', data])
    expect(proc.code).toBe(1)
    expect(proc.stderr).toMatch(
      /^plant-store: could not back up into \/proc\/plant-store-x\/y: its parent folder \/proc\/plant-store-x does not exist/
    )
  })
})
