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
import { openHistoryFile } from './history-files'
import { replaceFile } from '#lib/durable-file'

/** File of the mark in the data folder. */
export const RESTORE_MARK_FILE_NAME = 'history-restored.json'

/** The seq the last restore started the change log again from; 0 when there was none (or the mark cannot be read). */
export async function readRestoreMark(dir: string): Promise<number> {
  try {
    const handle = await openHistoryFile(path.join(dir, RESTORE_MARK_FILE_NAME))
    try {
      const seq = (JSON.parse(await handle.readFile('utf8')) as { seq?: unknown }).seq
      return typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : 0
    } finally {
      await handle.close()
    }
  } catch {
    return 0
  }
}

/** Marks `seq` as the first one after a restore, durably. */
export async function writeRestoreMark(dir: string, seq: number): Promise<void> {
  await replaceFile(path.join(dir, RESTORE_MARK_FILE_NAME), JSON.stringify({ seq }))
}
