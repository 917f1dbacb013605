/**
 * What a failed file-system call means, in words a shop owner can act on. The
 * one errno-to-words table: a refused start and a failed write say the same.
 */
import { readFile } from 'node:fs/promises'

/** The words of one errno: what went wrong, and what the person can do. */
export interface FileSystemProblem {
  code: string
  problem: string
  advice: string
}

const FREE_SPACE = 'free some space and try again'
const CHECK_PERMISSIONS = "check the data folder's permissions"

const WORDS: Readonly<Record<string, Omit<FileSystemProblem, 'code'>>> = {
  ENOSPC: { problem: 'the disk is full', advice: FREE_SPACE },
  EDQUOT: { problem: 'the disk quota is used up', advice: FREE_SPACE },
  EACCES: { problem: 'permission denied', advice: CHECK_PERMISSIONS },
  EPERM: { problem: 'permission denied', advice: CHECK_PERMISSIONS },
  EROFS: { problem: 'the disk is read-only', advice: 'choose a data folder on a writable disk' },
  EIO: { problem: 'the disk reported an input/output error', advice: 'check the disk' },
  EMFILE: { problem: 'too many files are open', advice: 'try again shortly' }
}

/** The words for a file-system error by its code; undefined for any other error. */
export function fileSystemProblem(error: unknown): FileSystemProblem | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const words = code === undefined ? undefined : WORDS[code]
  return words && code !== undefined ? { code, ...words } : undefined
}

/** "the disk is full; free some space and try again (ENOSPC)", or the error's own message when it has no words here. */
export function describeWriteFailure(error: unknown): string {
  const known = fileSystemProblem(error)
  if (known) return `${known.problem}; ${known.advice} (${known.code})`
  return error instanceof Error ? error.message : String(error)
}

/** Codes only a write meets: the disk or quota is full, or the disk is read-only. */
const WRITE_REFUSALS: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EROFS'])

/**
 * True when `error` is the disk refusing a write (full, over quota, read-only): whatever file it was (settings,
 * tokens, the backup status), the change was not saved and the person can act on it, so it is never "Internal error".
 */
export function isWriteRefusal(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code !== undefined && WRITE_REFUSALS.has(code)
}

/** The text of `file` (read with `read`), or undefined when there is no such file (any other failure is thrown). */
export async function readTextIfPresent(
  file: string,
  read: (file: string, encoding: 'utf8') => string | Promise<string> = (name, encoding) => readFile(name, encoding)
): Promise<string | undefined> {
  try {
    return await read(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
