/**
 * Windows ends the session (log off, shut down, restart) by killing the app
 * right after the window's 'session-end' event returns, and sends no
 * 'will-quit': a stop that is still running never finishes. What must not be
 * left behind is the folder's lock and server.json, which the next start (or
 * a script) would take for a running Plant Store. They are removed here,
 * synchronously, only when they are this process's own. Nothing confirmed is
 * lost: every confirmed change is already in the journal.
 */
import { readFileSync, unlinkSync } from 'node:fs'
import path from 'node:path'
import { SERVER_FILE_NAME } from '#app/service'
import { LOCK_FILE_NAME } from '#store'

/** Removes `file` when it names `pid` as its process (the lock and server.json both do). */
function removeIfOwnedBy(file: string, pid: number): boolean {
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid !== pid) return false
    unlinkSync(file)
    return true
  } catch {
    return false // gone already, or not ours to judge
  }
}

/** Releases `dataDir` at once (synchronously) for the session's end; returns the files removed. */
export function releaseDataFolderNow(dataDir: string, pid: number = process.pid): string[] {
  // server.json first: a script that still finds it would try a server that is about to vanish.
  return [SERVER_FILE_NAME, LOCK_FILE_NAME].map((name) => path.join(dataDir, name)).filter((file) => removeIfOwnedBy(file, pid))
}
