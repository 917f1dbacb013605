/**
 * Where the change log starts again after a restore (`history-restored.json`
 * in the data folder): the first seq the restored catalogue hands out. The
 * entries before it stay (each plant's history, the sales report), but they no
 * longer lead to the catalogue as it now is, so a cursor from before the
 * restore (`since`, `Last-Event-ID`) is answered as one older than the kept
 * history (410, `event: reset`): scripts and the UI reload instead of
 * silently keeping what the restore replaced. Read on the first query, never
 * at start-up.
 */
import path from 'node:path'
import type { LastRestore } from '#shared/history'
import { openHistoryFile } from './history-files'
import { replaceFile } from '#lib/durable-file'

/** File of the mark in the data folder. */
export const RESTORE_MARK_FILE_NAME = 'history-restored.json'

/** The mark as written, or undefined when there is none (or it cannot be read). */
async function readMark(dir: string): Promise<Record<string, unknown> | undefined> {
  try {
    const handle = await openHistoryFile(path.join(dir, RESTORE_MARK_FILE_NAME))
    try {
      const mark: unknown = JSON.parse(await handle.readFile('utf8'))
      return typeof mark === 'object' && mark !== null ? (mark as Record<string, unknown>) : undefined
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
}

/** The seq the last restore started the change log again from; 0 when there was none (or the mark cannot be read). */
export async function readRestoreMark(dir: string): Promise<number> {
  const seq = (await readMark(dir))?.seq
  return typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : 0
}

/** The last restore, for the pages open on the catalogue; undefined when none was made (or its mark predates these facts). */
export async function readLastRestore(dir: string): Promise<LastRestore | undefined> {
  const mark = await readMark(dir)
  if (!mark || typeof mark.seq !== 'number' || typeof mark.at !== 'string' || typeof mark.backupMadeAt !== 'string') return undefined
  if (mark.by !== 'cli' && mark.by !== 'app') return undefined
  const { seq, at, backupMadeAt, by } = mark
  return typeof mark.user === 'string' ? { seq, at, backupMadeAt, by, user: mark.user } : { seq, at, backupMadeAt, by }
}

/** Marks `restore.seq` as the first one after a restore, durably, with who made it and from which backup. */
export async function writeRestoreMark(dir: string, restore: LastRestore): Promise<void> {
  await replaceFile(path.join(dir, RESTORE_MARK_FILE_NAME), JSON.stringify(restore))
}
