/**
 * What killed processes leave in a folder they write to: files written aside
 * before a rename or a link, removed at the next start (data folder) or prune
 * (backups folder).
 */
import { readdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { isProcessAlive } from '#lib/process-identity'

/**
 * Temp and draft files written aside before a rename or link
 * (`.NAME.PID.RANDOM.tmp|draft`, see json-file.ts), and lock files moved
 * aside (`lock.stale-PID`). Each names the process that wrote it.
 */
const LEFTOVER = /^(?:\..+\.(\d+)\.[0-9a-f]{8}\.(?:tmp|draft)|lock\.stale-(\d+))$/

/** Fixed-name temp files of single writers (the catalogue's, the runtime file's of older versions): orphans once the folder's lock is held. */
const SINGLE_WRITER_TEMPS = new Set(['.plants.json.tmp', 'server.json.tmp'])

/**
 * Deletes in `folder` the temp and draft files whose writer is gone (killed
 * during a backup, a restore or a start on a full disk). A file whose writer
 * still runs is left alone: `plant-store backup` may be writing beside a
 * server. With `holdingLock`, fixed-name temp files of the lock holder go too.
 * Returns the names deleted.
 */
export async function removeLeftovers(folder: string, holdingLock = true): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[])
  const removed: string[] = []
  for (const name of names) {
    const match = LEFTOVER.exec(name)
    const pid = match ? Number(match[1] ?? match[2]) : undefined
    const orphan = pid !== undefined ? !isProcessAlive(pid) : holdingLock && SINGLE_WRITER_TEMPS.has(name)
    if (!orphan) continue
    await unlink(path.join(folder, name)).then(
      () => removed.push(name),
      () => undefined
    )
  }
  return removed
}
