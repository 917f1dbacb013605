/**
 * The Windows data folder moves once from roaming %APPDATA% (copied to the server at every sign-out where roaming
 * profiles are in use) to %LOCALAPPDATA%. Temporary folders stand in for both, the platform is injected, and a crash
 * after each step is a stop there followed by a fresh start: at every moment one folder holds the data and both the
 * desktop app and the CLI name it (defaultDataDir), and the next start finishes the move.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MOVER_HOLDER, MOVE_NOTE_NAME, MOVE_STEPS, settleDefaultDataFolder, type MoveStep } from '#app/data-folder-move'
import { resolveDataDir } from '#app/config'
import { defaultDataDir } from '#app/paths'
import { copyTree, verifyCopy } from '#lib/verified-copy'
import { acquireDataDirLock } from '#store'
import { DataDirLockedError } from '#store/errors'
import { makeTempDir } from '#setup/temp-dir'

/** A user profile of temporary folders: the env the app reads, and its two data folders. */
async function profile() {
  const home = await makeTempDir()
  const env = { APPDATA: path.join(home, 'Roaming'), LOCALAPPDATA: path.join(home, 'Local') }
  mkdirSync(env.APPDATA)
  mkdirSync(env.LOCALAPPDATA)
  return { env, roaming: path.join(env.APPDATA, 'plant-store'), local: path.join(env.LOCALAPPDATA, 'plant-store') }
}

/** A roaming data folder as an earlier version left it: catalogue, journal, history, a backup, Chromium's files. */
function oldFolder(roaming: string): Record<string, string> {
  const files: Record<string, string> = {
    'plants.json': JSON.stringify({ version: 3, plants: [{ id: 1, name: 'Monstera' }] }),
    'journal/000001.jsonl': '{"seq":1}\n',
    'history/2026-12.jsonl': '{"seq":1,"op":"add"}\n'.repeat(500),
    'backups/plants-2026-12-01.json': 'x'.repeat(200_000),
    'settings.json': '{"currency":"EUR"}',
    'chromium/Local Storage/leveldb/000003.log': 'chromium'
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(roaming, name)), { recursive: true })
    writeFileSync(path.join(roaming, name), text)
  }
  return files
}

/** Every file under `dir`, relative, with its text. */
function contentOf(dir: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    found[path.relative(dir, file).split(path.sep).join('/')] = readFileSync(file, 'utf8')
  }
  return found
}

const quiet = { log: () => undefined, platform: 'win32' as const }

/** Stops a move right after `step`, as a crash there would. */
function crashAfter(step: MoveStep) {
  return async (done: MoveStep) => {
    if (done === step) throw new Error(`crash after ${step}`)
  }
}

describe('the default data folder on Windows', () => {
  it('is the local application data folder for a new install, for the desktop app and the CLI alike', async () => {
    const { env, local } = await profile()
    expect(defaultDataDir(env, 'win32')).toBe(local)
    expect(await settleDefaultDataFolder({ env, ...quiet })).toBe(local)
    expect(existsSync(local)).toBe(false) // made by the start that uses it, as before
  })

  it('stays where it is on Linux and macOS', async () => {
    const { env } = await profile()
    const linux = { ...env, XDG_CONFIG_HOME: path.join(env.APPDATA, 'config') }
    expect(defaultDataDir(linux, 'linux')).toBe(path.join(linux.XDG_CONFIG_HOME, 'plant-store'))
    expect(await settleDefaultDataFolder({ env: linux, log: () => undefined, platform: 'linux' })).toBe(defaultDataDir(linux, 'linux'))
  })

  it('moves an existing roaming folder once: every file, verified, with a note where it was, the old folder set aside', async () => {
    const { env, roaming, local } = await profile()
    const files = oldFolder(roaming)
    expect(defaultDataDir(env, 'win32')).toBe(roaming) // the CLI finds the data before the move…
    const said: string[] = []
    expect(await settleDefaultDataFolder({ env, platform: 'win32', log: (line) => said.push(line) })).toBe(local)
    expect(defaultDataDir(env, 'win32')).toBe(local) // …and after it
    expect(contentOf(local)).toEqual(files)
    expect(existsSync(roaming)).toBe(false)
    expect(contentOf(`${roaming}.moved`)).toEqual({ ...files, [MOVE_NOTE_NAME]: expect.stringContaining(local) as string })
    expect(said).toEqual([expect.stringMatching(/moved its data folder from .*Roaming.* to .*Local.* \(6 files, \d+ bytes, each checked\)/)])
    expect(readdirSync(path.dirname(local))).toEqual(['plant-store'])
    // Once is once: the next start finds nothing to do.
    expect(await settleDefaultDataFolder({ env, ...quiet })).toBe(local)
    expect(readdirSync(path.dirname(roaming))).toEqual(['plant-store.moved'])
  })

  it('leaves alone a roaming folder it did not move from (another computer’s older version made it again)', async () => {
    const { env, roaming, local } = await profile()
    const files = oldFolder(roaming)
    await settleDefaultDataFolder({ env, ...quiet })
    // A roaming profile brings back a folder an older Plant Store made on another computer after this one moved.
    mkdirSync(roaming)
    writeFileSync(path.join(roaming, 'plants.json'), '{"elsewhere":true}')
    expect(await settleDefaultDataFolder({ env, ...quiet })).toBe(local)
    expect(contentOf(roaming)).toEqual({ 'plants.json': '{"elsewhere":true}' })
    expect(contentOf(local)).toEqual(files)
  })

  it('never moves a folder a running store holds: the roaming folder stays in use, and moves at a later start', async () => {
    const { env, roaming, local } = await profile()
    const files = oldFolder(roaming)
    const lock = await acquireDataDirLock(roaming, 'plant-store serve')
    const said: string[] = []
    expect(await settleDefaultDataFolder({ env, platform: 'win32', log: (line) => said.push(line) })).toBe(roaming)
    expect(said).toEqual([expect.stringMatching(/keeps its data folder at .* for now .*in use by plant-store serve/)])
    expect(existsSync(local)).toBe(false)
    await lock.release()
    expect(await settleDefaultDataFolder({ env, ...quiet })).toBe(local)
    expect(contentOf(local)).toEqual(files)
  })

  it('holds the roaming folder’s lock while it copies, so a store cannot start there meanwhile, naming the move', async () => {
    const { env, roaming } = await profile()
    oldFolder(roaming)
    let refusal: unknown
    await settleDefaultDataFolder({
      env,
      ...quiet,
      afterStep: async (step) => {
        if (step === 'copied') refusal = await acquireDataDirLock(roaming, 'plant-store serve').catch((error: unknown) => error)
      }
    })
    expect(refusal).toBeInstanceOf(DataDirLockedError)
    expect((refusal as DataDirLockedError).owner.holder).toBe(MOVER_HOLDER)
  })

  it('leaves a folder named by PLANT_STORE_DATA, and the default one, as they are', async () => {
    const { env, roaming } = await profile()
    oldFolder(roaming)
    const chosen = path.join(env.LOCALAPPDATA, 'elsewhere')
    expect(resolveDataDir(undefined, { ...env, PLANT_STORE_DATA: chosen })).toBe(chosen)
    expect(await settleDefaultDataFolder({ env: { ...env, PLANT_STORE_DATA: chosen }, ...quiet })).toBe(roaming)
    expect(existsSync(path.join(roaming, 'plants.json'))).toBe(true)
  })

  it('keeps the roaming folder in use when the copy cannot be proven, and removes the half copy at the next start', async () => {
    const { env, roaming, local } = await profile()
    const files = oldFolder(roaming)
    const said: string[] = []
    const changeTheCopy = async (step: MoveStep) => {
      if (step === 'copied') writeFileSync(path.join(`${local}.moving`, 'plants.json'), '{"plants":[]}')
    }
    expect(await settleDefaultDataFolder({ env, platform: 'win32', log: (line) => said.push(line), afterStep: changeTheCopy })).toBe(roaming)
    expect(said).toEqual([expect.stringMatching(/keeps its data folder at .*: the copy of .*plants\.json in .* differs from it/)])
    expect(existsSync(local)).toBe(false)
    expect(await settleDefaultDataFolder({ env, ...quiet })).toBe(local)
    expect(contentOf(local)).toEqual(files)
    expect(existsSync(`${local}.moving`)).toBe(false)
  })

  describe.each(MOVE_STEPS)('a crash right after "%s"', (step) => {
    it('leaves one folder in use that holds everything, which both front ends name, and the next start finishes', async () => {
      const { env, roaming, local } = await profile()
      const files = oldFolder(roaming)
      const inUse = await settleDefaultDataFolder({ env, ...quiet, afterStep: crashAfter(step) })
      // Before the copy is in place the roaming folder is in use; from then on the local one.
      const placedYet = MOVE_STEPS.indexOf(step) >= MOVE_STEPS.indexOf('placed')
      expect(inUse).toBe(placedYet ? local : roaming)
      expect(defaultDataDir(env, 'win32')).toBe(inUse)
      expect(contentOf(inUse)).toMatchObject(files)
      // A real crash leaves the mover's lock behind, naming a process that is gone (above any pid Linux hands out).
      const deadMover = { pid: 2 ** 22 + 17, holder: MOVER_HOLDER, since: new Date().toISOString() }
      if (existsSync(roaming)) writeFileSync(path.join(roaming, 'lock'), JSON.stringify(deadMover))
      // The next start.
      expect(await settleDefaultDataFolder({ env, ...quiet })).toBe(local)
      expect(contentOf(local)).toEqual(files)
      expect(readdirSync(path.dirname(local))).toEqual(['plant-store'])
      expect(readdirSync(path.dirname(roaming))).toEqual(['plant-store.moved'])
      expect(readFileSync(path.join(`${roaming}.moved`, MOVE_NOTE_NAME), 'utf8')).toContain(local)
    })
  })
})

describe('a verified copy', () => {
  it('copies regular files and folders only: a link in the old folder stops the move, which leaves that folder in use', async () => {
    const { env, roaming } = await profile()
    oldFolder(roaming)
    symlinkSync(path.join(env.LOCALAPPDATA, 'elsewhere'), path.join(roaming, 'backups', 'planted'))
    const said: string[] = []
    expect(await settleDefaultDataFolder({ env, platform: 'win32', log: (line) => said.push(line) })).toBe(roaming)
    expect(said).toEqual([expect.stringMatching(/planted is neither a file nor a folder, so it is not copied/)])
  })

  it('finds a file missing or extra in the copy, and a change of the same size', async () => {
    const dir = await makeTempDir()
    const from = path.join(dir, 'from')
    oldFolder(from)
    const to = path.join(dir, 'to')
    await copyTree(from, to)
    expect(await verifyCopy(from, to)).toEqual({ files: 6, bytes: expect.any(Number) as number })
    writeFileSync(path.join(to, 'extra.txt'), '')
    await expect(verifyCopy(from, to)).rejects.toThrow(/extra\.txt is in only one of them/)
    await expect(verifyCopy(from, to, (name) => name === 'extra.txt')).resolves.toMatchObject({ files: 6 })
    writeFileSync(path.join(to, 'settings.json'), '{"currency":"USD"}')
    await expect(verifyCopy(from, to, (name) => name === 'extra.txt')).rejects.toThrow(/settings\.json .* differs from it/)
  })
})
