/**
 * A shared backup folder may hold backup-named files this computer did not
 * write with its own clock (another computer's clock ahead, another account's
 * files). Pruning kept the 30 names that sort last, so 30 such "future" names
 * made every new backup vanish right after it was verified and recorded:
 * "Last backup: today" over a folder with none of ours in it.
 */
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OFFSITE_BACKUPS_KEPT, backUpTo, readBackupStatus } from '#backup-folder/offsite-backup'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

describe('pruning a backup folder', () => {
  it('never deletes the backup just made, nor older ones, because of later-named files in the folder', async () => {
    const { store, dir: data } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    const target = await makeTempDir()
    const future = Array.from({ length: OFFSITE_BACKUPS_KEPT }, (_, day) => `plants-2099-01-${String(day + 1).padStart(2, '0')}T00-00-00-000Z.json`)
    for (const name of future) await writeFile(path.join(target, name), '{}')
    const first = await backUpTo(data, target, new Date('2025-03-13T17:42:00Z'))
    const second = await backUpTo(data, target, new Date('2025-03-14T17:42:00Z'))
    const names = await readdir(target)
    expect(names).toContain(path.basename(first!.file))
    expect(names).toContain(path.basename(second!.file))
    expect((await readBackupStatus(data))!.file).toBe(second!.file)
  })
})

describe('pruning a backup folder another account can write into', () => {
  it('deletes only backups this data folder wrote: planted backup-named files never push the owner’s real ones out', async () => {
    const { store, dir: data } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    const target = await makeTempDir()
    const real: string[] = []
    for (let day = 1; day <= 6; day++) real.push(path.basename((await backUpTo(data, target, new Date(Date.UTC(2025, 0, day))))!.file))
    const planted = Array.from(
      { length: OFFSITE_BACKUPS_KEPT - 1 },
      (_, day) => `plants-2025-01-${String(day + 7).padStart(2, '0')}T00-00-00-000Z.json`
    )
    for (const name of planted) await writeFile(path.join(target, name), '{"planted":true}')
    const next = await backUpTo(data, target, new Date(Date.UTC(2025, 1, 10)))
    const names = await readdir(target)
    expect(names).toEqual(expect.arrayContaining([...real, path.basename(next!.file), ...planted]))
  })

  it('still keeps only the newest of its own backups', async () => {
    const { store, dir: data } = await openTestStore()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    await store.close()
    const target = await makeTempDir()
    await writeFile(path.join(target, 'plants-2024-01-01T00-00-00-000Z.json'), '{}') // not ours: stays
    for (let day = 1; day <= OFFSITE_BACKUPS_KEPT + 2; day++) await backUpTo(data, target, new Date(Date.UTC(2025, 0, day)))
    const names = (await readdir(target)).sort()
    expect(names).toHaveLength(OFFSITE_BACKUPS_KEPT + 1)
    expect(names[0]).toBe('plants-2024-01-01T00-00-00-000Z.json')
    expect(names[1]).toBe('plants-2025-01-03T00-00-00-000Z.json')
  })
})
