import { spawn } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { explainStartFailure, startWithRecovery, type StartChoice, type StartFailure } from '#desktop/start-recovery'
import { PortInUseError } from '#server/start-server'
import { ShopStore } from '#store/shop-store'
import { restoreFromBackup } from '#store/backups/restore'
import { takeOverDataDir } from '#store/folder/lock'
import { writeSetting } from '#settings/settings'
import { newestBackups } from '#backup-folder/latest-backup'
import { recordAndPrune } from '#backup-folder/backup-manifest'
import { makeTempDir } from '#setup/temp-dir'
import { GOOD_CATALOGUE, addBackup, damageCatalogue } from './_catalogue'

/**
 * A lock in `dir` naming a live process that cannot be proven to be its holder: a Windows or macOS lock (start
 * time, no Linux boot id) whose pid now runs a program whose start time this system cannot compare.
 */
async function unprovenLock(dir: string): Promise<number> {
  const other = spawn('sleep', ['30'])
  onTestFinished(() => void other.kill('SIGKILL'))
  const owner = { pid: other.pid, holder: 'the Plant Store desktop app', since: '2026-03-02T08:00:00.000Z', startedAt: '2026-03-02T07:59:58.000Z' }
  await writeFile(path.join(dir, 'lock'), JSON.stringify(owner))
  return other.pid!
}

/** A backup folder for `dataDir` (set in its settings) holding one backup `name` with `text`, recorded as written by `dataDir`; returns the folder. */
async function stickWith(dataDir: string, name: string, text = GOOD_CATALOGUE): Promise<string> {
  const stick = path.join(await makeTempDir(), 'ShopStore')
  await mkdir(stick)
  await writeFile(path.join(stick, name), text)
  await recordAndPrune(dataDir, path.join(stick, name), 30)
  await writeSetting(dataDir, 'backup.dir', stick)
  return stick
}

/** The error ShopStore.open throws for `dir`. */
async function openFailure(dir: string): Promise<unknown> {
  return ShopStore.open({ dir }).then(
    async (store) => {
      await store.close()
      throw new Error('expected the start to be refused')
    },
    (error: unknown) => error
  )
}

describe('explainStartFailure', () => {
  it('offers the latest backup for a damaged catalogue, with the same words as the CLI', async () => {
    const dir = await makeTempDir()
    const file = await damageCatalogue(dir)
    const backup = await addBackup(dir)
    const failure = await explainStartFailure(await openFailure(dir), dir)
    expect(failure.choices).toEqual(['restore-latest', 'open-folder', 'quit'])
    expect(failure.latestBackup).toBe(backup)
    expect(failure.detail).toContain(`Refusing to start: the data file ${file} cannot be used`)
    expect(failure.detail).toContain(backup)
  })

  it('offers the newest backup of DIR/backups and the backup folder (a USB stick), as restore --latest chooses it', async () => {
    const dir = await makeTempDir()
    await damageCatalogue(dir)
    await addBackup(dir)
    const stick = await stickWith(dir, 'plants-2026-02-01T00-00-00-000Z.json')
    const failure = await explainStartFailure(await openFailure(dir), dir)
    expect(failure.choices).toEqual(['restore-latest', 'open-folder', 'quit'])
    expect(failure.latestBackup).toBe(path.join(stick, 'plants-2026-02-01T00-00-00-000Z.json'))
    expect(failure.detail).toContain(`The latest backup is ${failure.latestBackup}`)
    expect(failure.latestBackup).toBe((await newestBackups(dir)).files[0])
  })

  it('offers a backup found only on the stick, and says when the stick is not there (Try again looks again)', async () => {
    const dir = await makeTempDir()
    await damageCatalogue(dir)
    const stick = await stickWith(dir, 'plants-2026-02-01T00-00-00-000Z.json')
    expect((await explainStartFailure(await openFailure(dir), dir)).latestBackup).toBe(path.join(stick, 'plants-2026-02-01T00-00-00-000Z.json'))
    await rm(stick, { recursive: true })
    const pulledOut = await explainStartFailure(await openFailure(dir), dir)
    expect(pulledOut.choices).toEqual(['open-folder', 'retry', 'quit'])
    expect(pulledOut.detail).toContain(`The backup folder ${stick} is not there: is the drive plugged in?`)
  })

  it('offers no restore when there is no backup', async () => {
    const dir = await makeTempDir()
    await damageCatalogue(dir)
    expect((await explainStartFailure(await openFailure(dir), dir)).choices).toEqual(['open-folder', 'quit'])
  })

  it('offers no restore for a file from a newer Plant Store (that would roll it back)', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'plants.json'), JSON.stringify({ version: 99, nextId: 1, plants: [] }))
    await addBackup(dir)
    const failure = await explainStartFailure(await openFailure(dir), dir)
    expect(failure.choices).toEqual(['open-folder', 'quit'])
    expect(failure.detail).toContain('newer Plant Store')
  })

  it('offers to try again when plant-store serve holds the folder', async () => {
    const dir = await makeTempDir()
    const serve = await ShopStore.open({ dir, holder: 'plant-store serve' })
    const failure = await explainStartFailure(await openFailure(dir), dir)
    await serve.close()
    expect(failure.choices).toEqual(['retry', 'open-folder', 'quit'])
    expect(failure.detail).toMatch(/in use by plant-store serve/)
  })

  it('offers Open anyway, never as the default, when the holder’s pid runs but cannot be proven to be Plant Store', async () => {
    const dir = await makeTempDir()
    const pid = await unprovenLock(dir)
    const failure = await explainStartFailure(await openFailure(dir), dir)
    expect(failure.choices).toEqual(['retry', 'open-anyway', 'open-folder', 'quit'])
    expect(failure.headline).toBe('Plant Store cannot tell whether another Plant Store has the data folder.')
    expect(failure.detail).toContain(`A process ${pid} is running, but this computer cannot tell whether it is still that Plant Store`)
    expect(failure.detail).toContain('choose Open anyway')
    expect(failure.holder).toMatchObject({ pid, since: '2026-03-02T08:00:00.000Z' })
  })

  it('names an unexpected error without hiding it', async () => {
    const failure = await explainStartFailure(new Error('boom'), '/nowhere')
    expect(failure).toMatchObject({ detail: 'Unexpected error: boom', choices: ['open-folder', 'retry', 'quit'] })
    expect((await explainStartFailure(new PortInUseError(7420), '/x')).choices).toEqual(['retry', 'quit'])
  })
})

describe('startWithRecovery', () => {
  it('restores the latest backup when asked, tells what it did, and starts', async () => {
    const dir = await makeTempDir()
    const damaged = await damageCatalogue(dir)
    await addBackup(dir)
    const asked: StartFailure[] = []
    const inform = vi.fn(async (_message: string, _isError: boolean) => undefined)
    const store = await startWithRecovery({
      dataDir: dir,
      start: () => ShopStore.open({ dir }),
      ask: async (failure) => (asked.push(failure), 'restore-latest'),
      openFolder: vi.fn(),
      restore: restoreFromBackup,
      takeOver: takeOverDataDir,
      inform
    })
    expect(asked).toHaveLength(1)
    expect(store?.get(1)?.name).toBe('Fern')
    await store?.close()
    expect(inform.mock.calls[0]?.[0]).toMatch(/^Restored 1 plant from .*The damaged file was kept as .*plants\.json\.replaced-/)
    expect(JSON.parse(await readFile(damaged, 'utf8')).plants).toHaveLength(1)
  })

  it('offers the next newest backup when the newest could not be restored', async () => {
    const dir = await makeTempDir()
    await damageCatalogue(dir)
    const older = await addBackup(dir)
    const stick = await stickWith(dir, 'plants-2026-02-01T00-00-00-000Z.json', '{"version":1,"nextId":2,"pla')
    const offered: (string | undefined)[] = []
    const inform = vi.fn(async (_message: string, _isError: boolean) => undefined)
    const store = await startWithRecovery({
      dataDir: dir,
      start: () => ShopStore.open({ dir }),
      ask: async (failure) => (offered.push(failure.latestBackup), 'restore-latest'),
      openFolder: vi.fn(),
      restore: restoreFromBackup,
      takeOver: takeOverDataDir,
      inform
    })
    expect(offered).toEqual([path.join(stick, 'plants-2026-02-01T00-00-00-000Z.json'), older])
    expect(inform.mock.calls.map(([, isError]) => isError)).toEqual([true, false])
    expect(store?.get(1)?.name).toBe('Fern')
    await store?.close()
  })

  it('opens the folder and asks again until the person quits', async () => {
    const dir = await makeTempDir()
    await damageCatalogue(dir)
    const answers: StartChoice[] = ['open-folder', 'quit']
    const openFolder = vi.fn(async () => undefined)
    const start = vi.fn(() => ShopStore.open({ dir }))
    const result = await startWithRecovery({
      dataDir: dir,
      start,
      ask: async () => answers.shift() ?? 'quit',
      openFolder,
      restore: restoreFromBackup,
      takeOver: takeOverDataDir,
      inform: vi.fn()
    })
    expect(result).toBeUndefined()
    expect(openFolder).toHaveBeenCalledWith(dir)
    expect(start).toHaveBeenCalledTimes(2)
  })

  it('takes the folder over on Open anyway and starts; a holder that changed meanwhile is left alone', async () => {
    const dir = await makeTempDir()
    await unprovenLock(dir)
    const store = await startWithRecovery({
      dataDir: dir,
      start: () => ShopStore.open({ dir }),
      ask: async () => 'open-anyway',
      openFolder: vi.fn(),
      restore: restoreFromBackup,
      takeOver: takeOverDataDir,
      inform: vi.fn()
    })
    expect(JSON.parse(await readFile(path.join(dir, 'lock'), 'utf8')).pid).toBe(process.pid)
    await store?.close()
    await unprovenLock(dir)
    expect(await takeOverDataDir(dir, { pid: 1, since: '2026-03-02T08:00:00.000Z' })).toBe(false)
    expect(JSON.parse(await readFile(path.join(dir, 'lock'), 'utf8')).holder).toBe('the Plant Store desktop app')
  })
})
