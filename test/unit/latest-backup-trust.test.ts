/**
 * `restore --latest` (and the app's restore of the latest backup) takes the newest backup it finds. A backup
 * folder may be shared with another account, or hold another catalogue's backups (two computers, one stick): a
 * file planted there with a far-future name, another shop's backup, a file owned by someone else or a huge file
 * must never be taken as "latest", and must never crash the restore.
 */
import { chown, copyFile, mkdir, open, readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { backUpTo } from '#backup-folder/offsite-backup'
import { newestBackups } from '#backup-folder/latest-backup'
import { writeSetting } from '#settings/settings'
import { DataFileError } from '#store/errors'
import { CLI_ACTOR, MAX_BACKUP_BYTES, backupsDir, restoreFromBackup } from '#store'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { NOBODY } from '#setup/unprivileged'

async function catalogue(name: string): Promise<string> {
  const { store, dir: data } = await openTestStore()
  await store.add({ name }, CLI_ACTOR)
  await store.close()
  return data
}

/** A catalogue backing up to `stick`, with one backup written there. */
async function backingUpTo(stick: string, name: string, at: Date): Promise<{ data: string; file: string }> {
  const data = await catalogue(name)
  await writeSetting(data, 'backup.dir', stick)
  const made = await backUpTo(data, stick, at)
  return { data, file: made!.file }
}

describe('the backups restore --latest may take', () => {
  it('are only those this data folder wrote into the backup folder, never a planted far-future file', async () => {
    const stick = await makeTempDir()
    const { data, file } = await backingUpTo(stick, 'Fern', new Date('2026-01-01T00:00:00Z'))
    const planted = path.join(stick, 'plants-2099-01-01T00-00-00-000Z.json')
    await copyFile(file, planted)
    const found = await newestBackups(data)
    expect(found.files).not.toContain(planted)
    expect(found.files).toContain(file)
    expect(found.leftOut).toContainEqual({ file: planted, reason: expect.stringContaining('this data folder did not write it') })
  })

  it('never include another catalogue backing up to the same folder, even when it is newer', async () => {
    const stick = await makeTempDir()
    const shopA = await backingUpTo(stick, 'Shop A plant', new Date('2026-01-01T00:00:00Z'))
    const shopB = await backingUpTo(stick, 'Shop B plant', new Date('2026-01-02T00:00:00Z'))
    expect((await newestBackups(shopA.data)).files.filter((file) => file.startsWith(stick))).toEqual([shopA.file])
    expect((await newestBackups(shopB.data)).files.filter((file) => file.startsWith(stick))).toEqual([shopB.file])
  })

  it('leave out a backup dated in the future, even in the private backups folder', async () => {
    const data = await catalogue('Fern')
    const future = path.join(backupsDir(data), 'plants-2099-01-01T00-00-00-000Z.json')
    const [real] = await readdir(backupsDir(data))
    await copyFile(path.join(backupsDir(data), real!), future)
    const found = await newestBackups(data)
    expect(found.files).toEqual([path.join(backupsDir(data), real!)])
    expect(found.leftOut).toEqual([{ file: future, reason: 'its name is dated 2099-01-01T00:00:00.000Z, in the future' }])
  })

  it.runIf(NOBODY !== undefined)('leave out a recorded backup that now belongs to another account', async () => {
    const stick = await makeTempDir()
    const { data, file } = await backingUpTo(stick, 'Fern', new Date('2026-01-01T00:00:00Z'))
    await chown(file, NOBODY!.uid, NOBODY!.gid) // replaced by another account under the same name
    const found = await newestBackups(data)
    expect(found.files).not.toContain(file)
    expect(found.leftOut).toEqual([{ file, reason: `it belongs to another account (user id ${NOBODY!.uid})` }])
  })

  it('leave out a file larger than a backup can be, and a restore from it is refused in words without reading it', async () => {
    const data = await catalogue('Fern')
    const huge = path.join(backupsDir(data), 'plants-2026-01-01T00-00-00-000Z.json')
    const handle = await open(huge, 'w')
    await handle.truncate(MAX_BACKUP_BYTES + 1) // sparse: takes no disk
    await handle.close()
    const found = await newestBackups(data)
    expect(found.files).not.toContain(huge)
    expect(found.leftOut).toEqual([{ file: huge, reason: 'it is 257 MiB, larger than a backup can be (256 MiB)' }])
    const refused = restoreFromBackup(data, huge)
    await expect(refused).rejects.toBeInstanceOf(DataFileError)
    await expect(refused).rejects.toThrow(/larger than a backup can be \(256 MiB\), so it was not read and nothing was restored/)
  })

  it('leave out a directory named like a backup', async () => {
    const data = await catalogue('Fern')
    const odd = path.join(backupsDir(data), 'plants-2026-01-01T00-00-00-000Z.json')
    await mkdir(odd)
    const found = await newestBackups(data)
    expect(found.leftOut).toEqual([{ file: odd, reason: 'it is not a plain file' }])
  })
})
