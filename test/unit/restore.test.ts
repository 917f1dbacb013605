import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataFileError } from '#store/file/data-file'
import { DataDirLockedError } from '#store/folder/lock'
import { ShopStore } from '#store/shop-store'
import { restoreFromBackup } from '#store/backups/restore'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const AT = '2024-05-01T09:00:00.000Z'
const good = JSON.stringify({ version: 1, nextId: 2, plants: [{ id: 1, name: 'Fern', tags: [], status: 'sold', createdAt: AT, updatedAt: AT }] })

describe('restoreFromBackup', () => {
  it('puts a valid backup in place and keeps the damaged file aside', async () => {
    const dir = await makeTempDir()
    const backup = path.join(dir, 'backup.json')
    await writeFile(backup, good)
    await writeFile(path.join(dir, 'plants.json'), '{"version":1,"nextId"')
    const result = await restoreFromBackup(dir, backup)
    expect(result.plantCount).toBe(1)
    expect(await readFile(result.keptAside!, 'utf8')).toBe('{"version":1,"nextId"')
    const store = await ShopStore.open({ dir })
    expect(store.get(1)).toMatchObject({ name: 'Fern', status: 'sold' })
    await store.close()
  })

  it('refuses an invalid backup and changes nothing', async () => {
    const dir = await makeTempDir()
    const backup = path.join(dir, 'backup.json')
    await writeFile(backup, '[]')
    await writeFile(path.join(dir, 'plants.json'), 'damaged')
    await expect(restoreFromBackup(dir, backup)).rejects.toBeInstanceOf(DataFileError)
    expect(await readFile(path.join(dir, 'plants.json'), 'utf8')).toBe('damaged')
    expect((await readdir(dir)).sort()).toEqual(['backup.json', 'plants.json'])
  })

  it('is refused while the store is open', async () => {
    const { dir } = await openTestStore()
    const backup = path.join(dir, 'backup.json')
    await writeFile(backup, good)
    await expect(restoreFromBackup(dir, backup)).rejects.toBeInstanceOf(DataDirLockedError)
  })

  it('never hands out again an id given out after the backup was made', async () => {
    const { store, dir } = await openTestStore()
    for (const name of ['a', 'b', 'c', 'd']) await store.add({ name }, CLI_ACTOR)
    await store.close()
    const backup = path.join(dir, 'backup.json')
    await writeFile(backup, good) // nextId 2: made when only plant 1 existed
    const result = await restoreFromBackup(dir, backup)
    expect(result.nextId).toBe(5)
    const again = await ShopStore.open({ dir })
    expect((await again.add({ name: 'new' }, CLI_ACTOR)).id).toBe(5)
    await again.close()
  })

  it.each([
    [
      'a plant version',
      { version: 1, nextId: 2, plants: [{ id: 1, name: 'Fern', tags: [], status: 'sold', createdAt: AT, updatedAt: AT, version: 2 ** 53 - 1 }] }
    ],
    ['a nextSeq', { version: 3, nextId: 1, plants: [], nextSeq: 2 ** 53 - 1 }]
  ])('refuses a backup with %s at 2^53 − 1 that the start would refuse after the restore, and changes nothing', async (_what, backupData) => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'kept' }, CLI_ACTOR)
    await store.close()
    const before = await readFile(path.join(dir, 'plants.json'), 'utf8')
    const backup = path.join(dir, 'backup.json')
    await writeFile(backup, JSON.stringify(backupData))
    const refused = await restoreFromBackup(dir, backup).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataFileError)
    expect((refused as DataFileError).problem).toMatch(/refuses to start with/)
    expect(await readFile(path.join(dir, 'plants.json'), 'utf8')).toBe(before)
    expect((await readdir(dir)).filter((name) => name.includes('replaced') || name.includes('restore'))).toEqual([])
    const again = await ShopStore.open({ dir })
    expect(again.get(1)).toMatchObject({ name: 'kept' })
    await again.close()
  })
})
