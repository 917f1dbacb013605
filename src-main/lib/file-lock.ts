/**
 * A short lock around a read-modify-write of a small file that several
 * processes change (tokens.json: the CLI, and a running server for the UI's
 * Settings dialog and its last-used times), so that no change is lost to a
 * concurrent one. Held for milliseconds; a lock left by a killed process is
 * taken over once it is old enough that no live holder can still be at work.
 */
import { stat, unlink } from 'node:fs/promises'
import { createFileOnce } from './durable-file'

/** Options of {@link withFileLock}. */
export interface FileLockOptions {
  /** How long to wait for another holder before giving up (default 3 s). */
  waitMs?: number
  /** A lock older than this is a leftover of a killed process (default 10 s). */
  staleMs?: number
}

/** Another process kept the lock for longer than we waited. */
export class FileLockTimeoutError extends Error {
  constructor(readonly lockFile: string) {
    super(`another Plant Store process is changing the same file (lock ${lockFile}); try again in a moment`)
    this.name = 'FileLockTimeoutError'
  }
}

const RETRY_MS = 20

/** Runs `task` while holding `file`.lock; resolves with its result. */
export async function withFileLock<T>(file: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const lockFile = `${file}.lock`
  const deadline = Date.now() + (options.waitMs ?? 3000)
  const staleMs = options.staleMs ?? 10_000
  while (!(await createFileOnce(lockFile, `${process.pid}\n`))) {
    const age = await stat(lockFile).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0
    )
    if (age > staleMs) await unlink(lockFile).catch(() => undefined)
    else if (Date.now() > deadline) throw new FileLockTimeoutError(lockFile)
    else await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
  }
  try {
    return await task()
  } finally {
    await unlink(lockFile).catch(() => undefined)
  }
}
