import { spawnSync } from 'node:child_process'
import { chmod, mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OFFSITE_BACKUPS_KEPT, backUpTo, readBackupStatus, scheduleOffsiteBackups } from '#backup-folder/offsite-backup'
import { writeSetting } from '#settings/settings'
import { ShopStore } from '#store/shop-store'
import { readCatalogue } from '#store/file/read-catalogue'
import { backUpNow } from '#store/backups/backup-now'
import { restoreFromBackup } from '#store/backups/restore'
import { describeBackupFolder } from '#shared/import-export'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

async function catalogueWith(names: string[]): Promise<string> {
  const { store, dir } = await openTestStore()
  for (const name of names) await store.add({ name }, CLI_ACTOR)
  await store.close()
  return dir
}

describe('backups into a backup folder', () => {
  it('writes a verified copy into a world-writable (FAT-style 0777) folder and records it', async () => {
    const data = await catalogueWith(['Fern', 'Monstera'])
    const target = await makeTempDir()
    await chmod(target, 0o777)
    const made = await backUpTo(data, target, new Date('2025-03-14T17:42:00Z'))
    expect(made).toEqual({ file: path.join(target, 'plants-2025-03-14T17-42-00-000Z.json'), plantCount: 2, deletedCount: 0 })
    expect(JSON.parse(await readFile(made!.file, 'utf8')).plants.map((p: { name: string }) => p.name)).toEqual(['Fern', 'Monstera'])
    expect(await readBackupStatus(data)).toEqual({ at: '2025-03-14T17:42:00.000Z', dir: target, file: made!.file })
    // A backup file is a catalogue: restoring from it reads the same plants.
    const copy = await makeTempDir()
    await writeFile(path.join(copy, 'plants.json'), await readFile(made!.file))
    expect((await readCatalogue(copy))!.data.plants).toHaveLength(2)
  })

  it('holds what a local backup holds, idempotency keys included, so a retry after a restore from the stick is not applied twice', async () => {
    const { store, dir: data } = await openTestStore()
    const first = await store.addOnce({ name: 'Fern' }, { by: 'till', key: 'sale-1' }, CLI_ACTOR)
    // Taken while the store runs: the key is still only in the journal.
    const offsite = await backUpTo(data, await makeTempDir(), new Date('2026-03-01T18:00:00Z'))
    const local = await backUpNow(data)
    await store.close()
    // The computer's disk died: the catalogue comes back from the stick, and the till retries its call.
    const replacement = await makeTempDir()
    await restoreFromBackup(replacement, offsite!.file)
    const restored = await ShopStore.open({ dir: replacement })
    const retry = await restored.addOnce({ name: 'Fern' }, { by: 'till', key: 'sale-1' }, CLI_ACTOR)
    expect(retry).toEqual({ replayed: true, plant: first.plant })
    expect(restored.size).toBe(1)
    await restored.close()
    expect(await readFile(offsite!.file, 'utf8')).toBe(await readFile(local!.file, 'utf8'))
  })

  it(`keeps the newest ${OFFSITE_BACKUPS_KEPT} and leaves other files alone`, async () => {
    const data = await catalogueWith(['Fern'])
    const target = await makeTempDir()
    await writeFile(path.join(target, 'notes.txt'), 'mine')
    for (let day = 1; day <= OFFSITE_BACKUPS_KEPT + 3; day++) await backUpTo(data, target, new Date(Date.UTC(2025, 0, day)))
    const names = (await readdir(target)).sort()
    expect(names).toHaveLength(OFFSITE_BACKUPS_KEPT + 1)
    expect(names).toContain('notes.txt')
    expect(names.filter((name) => name.startsWith('plants-'))[0]).toBe('plants-2025-01-04T00-00-00-000Z.json')
  })

  it('removes what a backup cut off mid-write left (its writer gone), never a backup or another writer’s file in progress', async () => {
    const data = await catalogueWith(['Fern'])
    const target = await makeTempDir()
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    const cutOff = `.plants-2026-03-01T18-00-00-000Z.json.${gone}.0a1b2c3d.tmp`
    const inProgress = `.plants-2026-03-01T18-00-01-000Z.json.${process.ppid}.0a1b2c3d.tmp`
    for (const name of [cutOff, inProgress, 'plants-2026-02-01T18-00-00-000Z.json']) await writeFile(path.join(target, name), '{"half')
    await backUpTo(data, target)
    const names = await readdir(target)
    expect(names).not.toContain(cutOff)
    expect(names).toEqual(expect.arrayContaining([inProgress, 'plants-2026-02-01T18-00-00-000Z.json']))
    expect(names).toHaveLength(3)
  })

  it('backs up at stop when backup.dir is set, and not when it is not', async () => {
    const data = await catalogueWith(['Fern'])
    const target = path.join(await makeTempDir(), 'usb', 'ShopStore')
    await mkdir(target, { recursive: true })
    await scheduleOffsiteBackups(data).finish()
    expect(await readBackupStatus(data)).toBeUndefined()
    await writeSetting(data, 'backup.dir', target)
    const schedule = scheduleOffsiteBackups(data)
    await schedule.finish()
    // One at start (none was ever made) and one at stop.
    expect((await readdir(target)).length).toBe(2)
  })

  it("never makes a missing backup folder (a pulled-out stick) on this computer's own disk", async () => {
    const data = await catalogueWith(['Fern'])
    const mountPoint = await makeTempDir()
    const target = path.join(mountPoint, 'ShopStore')
    await writeSetting(data, 'backup.dir', target)
    await scheduleOffsiteBackups(data).finish()
    expect(await readdir(mountPoint)).toEqual([])
    expect(await readBackupStatus(data)).toBeUndefined()
    await expect(backUpTo(data, target)).rejects.toThrow(`could not back up into ${target}: the folder is missing (is the drive plugged in?)`)
  })

  it('--to makes one missing level and says so clearly when the parent is missing too (no hang under /proc)', async () => {
    const data = await catalogueWith(['Fern'])
    const parent = await makeTempDir()
    expect((await backUpTo(data, path.join(parent, 'ShopStore'), new Date(), { create: true }))?.plantCount).toBe(1)
    await expect(backUpTo(data, path.join(parent, 'a', 'b'), new Date(), { create: true })).rejects.toThrow(/its parent folder .*a does not exist/)
    await expect(backUpTo(data, '/proc/plant-store-x/y', new Date(), { create: true })).rejects.toThrow(
      /could not back up into \/proc\/plant-store-x\/y:/
    )
    await expect(backUpTo(data, data, new Date(), { create: true })).rejects.toThrow(/is inside the data folder/)
  })

  it('names the folder and the reason when the folder cannot be written', async () => {
    const data = await catalogueWith(['Fern'])
    const file = path.join(await makeTempDir(), 'not-a-folder')
    await writeFile(file, '')
    await expect(backUpTo(data, file)).rejects.toThrow(`could not back up into ${file}:`)
  })
})

describe('the UI line about the backup folder', () => {
  const now = new Date(2025, 2, 14, 18, 0)
  const last = (at: Date) => ({ at: at.toISOString(), dir: '/media/usb/ShopStore', file: '/media/usb/ShopStore/plants-x.json' })

  it('says nothing without a folder, the last backup when recent, and warns calmly otherwise', () => {
    expect(describeBackupFolder({ dir: null, present: false, last: null }, now)).toBeUndefined()
    expect(describeBackupFolder({ dir: '/media/usb/ShopStore', present: true, last: last(new Date(2025, 2, 14, 17, 42)) }, now)).toEqual({
      text: 'Last backup: today 17:42 on /media/usb/ShopStore',
      warn: false
    })
    const old = describeBackupFolder({ dir: '/media/usb/ShopStore', present: true, last: last(new Date(2025, 2, 12, 9, 5)) }, now)
    expect(old).toEqual({ text: 'Last backup: 12 Mar 09:05 on /media/usb/ShopStore — more than a day ago; check the backup folder.', warn: true })
    expect(describeBackupFolder({ dir: '/media/usb/ShopStore', present: false, last: null }, now)?.text).toContain('is missing')
  })
})
