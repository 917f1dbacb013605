/**
 * Removing a lock file whose holder is gone, when several processes may find
 * it at the same moment. Used by the data folder's lock and the short file
 * lock of tokens.json and settings.json.
 */
import { readFile, stat, unlink } from 'node:fs/promises'
import { createFileOnce } from './durable-file'
import { isProcessAlive } from './process-identity'

/** A lock file that cannot be parsed is taken for stale only once it is this old (its writer may still be writing). */
export const UNREADABLE_GRACE_MS = 5_000

/** A file date this far ahead of the clock was written before the clock was put back (a moment's lead is rounding). */
const FUTURE_TOLERANCE_MS = 2_000

/**
 * How long ago `file` was last written (Infinity when it is gone). A date well in the future is not trusted: the
 * clock was put back since, so the file is older than any wait, and counts as old (Infinity) rather than as new
 * until the clock catches up.
 */
export async function ageMs(file: string): Promise<number> {
  return stat(file).then(
    (info) => (info.mtimeMs > Date.now() + FUTURE_TOLERANCE_MS ? Number.POSITIVE_INFINITY : Math.max(0, Date.now() - info.mtimeMs)),
    () => Number.POSITIVE_INFINITY
  )
}

/**
 * Removes a stale lock whose content is `staleText`. Two processes that saw the
 * same stale lock must not both remove "it": the second would remove the fresh
 * lock the first has taken meanwhile. So removing happens under a second lock
 * (`FILE.takeover`, created exclusively), and only while the file still holds
 * the stale text. False when another process is taking over right now.
 */
export async function removeStaleLock(file: string, staleText: string): Promise<boolean> {
  const takeover = `${file}.takeover`
  if (!(await createFileOnce(takeover, String(process.pid)))) {
    // A takeover lasts a moment: a marker whose process is gone, or one this old, was left by a process killed during it.
    const taker = Number(await readFile(takeover, 'utf8').catch(() => ''))
    const abandoned = (Number.isSafeInteger(taker) && taker > 0 && !isProcessAlive(taker)) || (await ageMs(takeover)) > UNREADABLE_GRACE_MS
    if (abandoned) await unlink(takeover).catch(() => undefined)
    return false
  }
  try {
    const current = await readFile(file, 'utf8').catch(() => undefined)
    if (current === staleText) await unlink(file).catch(() => undefined)
  } finally {
    await unlink(takeover).catch(() => undefined)
  }
  return true
}
