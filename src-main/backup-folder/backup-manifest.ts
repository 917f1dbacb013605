/**
 * The backups this data folder wrote into backup folders, by folder and name
 * (`offsite-backups.json` in the data folder): the only files pruning may
 * delete. A backup folder may be shared (a network share, a stick passed
 * around), and another account that can write into it can plant files named
 * like backups; pruning by name alone deleted the owner's real backups to
 * make room for them. The list is kept in the data folder, not in the backup
 * folder, because the data folder is this user's alone (checked at every
 * start): a list in the shared folder could be edited by the same account
 * that plants the files. The cost: backups written before the list existed,
 * or by another computer, are never pruned by this one; they stay.
 */
import { readFile, readdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '#lib/durable-file'
import { withFileLock } from '#lib/file-lock'

const MANIFEST_FILE_NAME = 'offsite-backups.json'

/** One backup this data folder wrote: the folder (absolute) and the file's name in it. */
interface WrittenBackup {
  dir: string
  name: string
}

function isWrittenBackup(value: unknown): value is WrittenBackup {
  const item = value as Partial<WrittenBackup> | null
  return typeof item?.dir === 'string' && typeof item.name === 'string' && path.basename(item.name) === item.name
}

/** The list as it is on disk; empty when there is none (or it cannot be read: then nothing is pruned). */
async function readManifest(file: string): Promise<WrittenBackup[]> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as { backups?: unknown }
    return Array.isArray(value.backups) ? value.backups.filter(isWrittenBackup) : []
  } catch {
    return []
  }
}

/** The names of the backups this data folder wrote into `dir` (absolute): the only ones of that folder `restore --latest` takes. */
export async function backupsWrittenInto(dataDir: string, dir: string): Promise<Set<string>> {
  const backups = await readManifest(path.join(dataDir, MANIFEST_FILE_NAME))
  return new Set(backups.filter((backup) => backup.dir === dir).map((backup) => backup.name))
}

/** Changes the list under its lock (a backup at quit and one on demand may finish together). */
async function changeManifest(dataDir: string, change: (backups: WrittenBackup[]) => Promise<WrittenBackup[]>): Promise<void> {
  const file = path.join(dataDir, MANIFEST_FILE_NAME)
  await withFileLock(file, async () => {
    const backups = await change(await readManifest(file))
    await replaceFile(file, `${JSON.stringify({ backups }, null, 2)}\n`)
  })
}

/**
 * Records `file` (just written and verified) as this data folder's, then deletes the oldest of this data folder's
 * backups in its folder beyond the newest `keep` up to `file`; names sorting after it (this computer's clock was
 * ahead once) are left alone, never counted against it, and files it did not write are never touched.
 */
export async function recordAndPrune(dataDir: string, file: string, keep: number): Promise<void> {
  const dir = path.dirname(file)
  const made = path.basename(file)
  await changeManifest(dataDir, async (backups) => {
    const present = new Set(await readdir(dir))
    const others = backups.filter((backup) => backup.dir !== dir)
    const ours = new Set([...backups.filter((backup) => backup.dir === dir).map((backup) => backup.name), made].filter((name) => present.has(name)))
    const counted = [...ours].filter((name) => name <= made).sort()
    for (const name of counted.slice(0, Math.max(0, counted.length - keep))) {
      await unlink(path.join(dir, name)).catch(() => undefined)
      ours.delete(name)
    }
    return [...others, ...[...ours].sort().map((name) => ({ dir, name }))]
  })
}
