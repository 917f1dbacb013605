/**
 * `plant-store backup --to DIR` writes backup-status.json into the data
 * folder. Unlike `backup`, `export` and `import` it did not first check that
 * the folder is private, and wrote the status with a plain writeFile, which
 * follows a symbolic link: another account that can write the folder could
 * plant backup-status.json -> ~/.bashrc and have it overwritten.
 */
import { chmod, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { backUpTo } from '#backup-folder/offsite-backup'
import { UntrustedDataFolderError } from '#store/errors'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

/** A catalogue whose backup-status.json is a link to another file of this user's. */
async function folderWithPlantedLink(): Promise<{ data: string; victim: string }> {
  const { store, dir: data } = await openTestStore()
  await store.add({ name: 'Fern' }, CLI_ACTOR)
  await store.close()
  const victim = path.join(await makeTempDir(), 'bashrc')
  await writeFile(victim, 'mine\n')
  await symlink(victim, path.join(data, 'backup-status.json'))
  return { data, victim }
}

describe('a backup into a backup folder from a data folder others can change', () => {
  it('is refused before anything is written, and never follows a planted link', async () => {
    const { data, victim } = await folderWithPlantedLink()
    await chmod(data, 0o777)
    const target = path.join(await makeTempDir(), 'usb')
    await expect(backUpTo(data, target, new Date(), { create: true })).rejects.toBeInstanceOf(UntrustedDataFolderError)
    expect(await readFile(victim, 'utf8')).toBe('mine\n')
  })

  it('replaces a link at backup-status.json instead of writing through it', async () => {
    const { data, victim } = await folderWithPlantedLink()
    const made = await backUpTo(data, await makeTempDir())
    expect(await readFile(victim, 'utf8')).toBe('mine\n')
    expect(JSON.parse(await readFile(path.join(data, 'backup-status.json'), 'utf8')).file).toBe(made!.file)
  })
})
