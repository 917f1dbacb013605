/**
 * Against the real `plant-store`: what killed processes
 * leave behind is cleaned up, and every message says what really happened.
 */
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { runCli, startServe } from '#setup/serve-process'
import { FERN_CATALOGUE as CATALOGUE, catalogueFolder } from '#setup/catalogue-folder'
import { makeTempDir } from '#setup/temp-dir'
import { IS_ROOT, NOBODY, giveToUnprivileged } from '#setup/unprivileged'

const TOKEN = 'leftovers-token-0123456789abcdef0123456789'
const ENV = { PLANT_STORE_TOKEN: TOKEN }

/** The pid of a process that has exited: what a killed backup or restore leaves in its temp file's name. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

describe('files left by killed processes', () => {
  it('removes the temp file of a killed backup at the next backup, but never that of a backup still running', async () => {
    const dir = await catalogueFolder()
    await mkdir(path.join(dir, 'backups'), { mode: 0o700 })
    const orphan = `.plants-2024-05-01T09-00-00-000Z.json.${await deadPid()}.0badc0de.tmp`
    const running = `.plants-2024-05-01T09-00-00-000Z.json.${process.pid}.1badc0de.tmp`
    for (const name of [orphan, running]) await writeFile(path.join(dir, 'backups', name), 'x'.repeat(1024))
    const made = await runCli(['backup', '--data', dir])
    expect(made.code).toBe(0)
    const left = await readdir(path.join(dir, 'backups'))
    expect(left).not.toContain(orphan)
    expect(left).toContain(running)
    expect(left.filter((name) => name.startsWith('plants-'))).toHaveLength(1)
  })

  it('removes the temp files of a killed restore (and lock drafts) at the next start', async () => {
    const dir = await catalogueFolder()
    const pid = await deadPid()
    const leftovers = [`.plants.json.${pid}.0badc0de.tmp`, `.lock.${pid}.0badc0de.draft`, `lock.stale-${pid}`]
    for (const name of leftovers) await writeFile(path.join(dir, name), '{"partial')
    const server = await startServe(dir, [], ENV)
    const names = await readdir(dir)
    for (const name of leftovers) expect(names).not.toContain(name)
    await server.stop()
  })
})

describe('a start refused on a full disk', () => {
  it.runIf(IS_ROOT)('leaves no lock draft behind when it says nothing was written', async () => {
    const mount = await makeTempDir()
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount])
    onTestFinished(() => void execFileSync('umount', ['-l', mount]))
    const dir = path.join(mount, 'data')
    await mkdir(dir, { mode: 0o700 })
    // Fill the disk to the last byte.
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${path.join(mount, 'filler')}`, 'bs=4k'], { stdio: 'ignore' })
    } catch {
      // dd stops with "No space left on device": that is the point.
    }
    const result = await runCli(['serve', '--port', '0', '--data', dir], ENV)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/the disk is full \(ENOSPC\).*Nothing was written/)
    expect(await readdir(dir)).toEqual([])
  })
})

describe('restore', () => {
  it('creates the data folder when it does not exist yet (restoring onto a new computer)', async () => {
    const backup = path.join(await makeTempDir(), 'backup.json')
    await writeFile(backup, CATALOGUE)
    const dir = path.join(await makeTempDir(), 'new', 'plant-store')
    const restored = await runCli(['restore', '--from', backup, '--data', dir])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toMatch(/^Restored 1 plant/)
    const server = await startServe(dir, [], ENV)
    const plants = await fetch(`${server.baseUrl}/plant/search/status`, { headers: server.headers() })
    expect(await plants.json()).toEqual([{ id: 1, name: 'Fern', status: 'available', tags: [] }])
  })

  it('refused because the server runs, says that it refuses to restore (not to start)', async () => {
    const dir = await catalogueFolder()
    const backup = path.join(path.dirname(dir), 'backup.json')
    await writeFile(backup, CATALOGUE)
    const server = await startServe(dir, [], ENV)
    const refused = await runCli(['restore', '--from', backup, '--data', dir])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^plant-store: Refusing to restore: the data folder .* is in use by plant-store serve \(process \d+/)
    expect(refused.stderr).toContain('then restore again')
    expect(refused.stderr).not.toMatch(/start/)
    await server.stop()
  })
})

describe('stopping a server whose folder became read-only', () => {
  // chmod makes the folder read-only: a POSIX mode, which Windows' chmod does not set on a folder.
  it.runIf(IS_ROOT && hostPlatform() !== 'win32')('stops with exit 0 and no start-failure message', async () => {
    const dir = await catalogueFolder()
    await giveToUnprivileged(dir, path.join(dir, 'plants.json'))
    await chmod(path.dirname(dir), 0o755)
    const server = await startServe(dir, [], ENV, NOBODY)
    await chmod(dir, 0o555) // after a successful start (and its checkpoint): nothing left to save
    expect(await server.stop('SIGTERM')).toBe(0)
    expect(server.output()).not.toMatch(/Cannot use the data folder|Nothing was written|Refusing/)
    expect(server.output()).toMatch(/could not remove .*server\.json/)
    expect(server.output()).toMatch(/Stopped\.\n$/)
  })
})
