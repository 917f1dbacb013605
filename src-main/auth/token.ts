/**
 * The API token: a random secret in DIR/token that the shop's own UI and
 * scripts send as `Authorization: Bearer …`. The file is readable by its owner
 * only, so another local account cannot borrow it; PLANT_STORE_TOKEN replaces
 * it for tests and automation.
 */
import { randomBytes } from 'node:crypto'
import { constants as fsConstants } from 'node:fs'
import { chmod, mkdir, open, stat } from 'node:fs/promises'
import path from 'node:path'
import { checkDataFolder, ownFileProblem, acquireLockFile } from '#store'
import { createFileOnce, replaceFile } from '#lib/durable-file'
import { hostPlatform } from '#lib/platform'
import { readTextIfPresent } from '#lib/fs-errors'
import { sharedRuns } from '#lib/shared-run'
import { DataDirLockedError } from '#store/errors'
import { AppError } from '#shared/app-error'

/** Name of the token file inside the data directory. */
export const TOKEN_FILE_NAME = 'token'

/** Environment variable that, when set, is the token (the file is then not used). */
export const TOKEN_ENV = 'PLANT_STORE_TOKEN'

/** Shortest token accepted from the file or the environment. */
export const TOKEN_MIN_LENGTH = 32

/** How often a running server re-reads the file, so `plant-store token --rotate` takes effect without a restart. */
export const TOKEN_RECHECK_MS = 1000

// RFC 7235 token68 characters: valid in an Authorization header and in a URL fragment as is.
const TOKEN_PATTERN = /^[A-Za-z0-9\-._~+/]+=*$/

/** A token that cannot be used; `source` names where it came from (the file or the variable). */
export class TokenError extends AppError {
  constructor(
    readonly source: string,
    readonly problem: string
  ) {
    const fix = source === TOKEN_ENV ? `set ${TOKEN_ENV} to a longer random value, or unset it` : 'make a new one with: plant-store token --rotate'
    super(`The API token in ${source} cannot be used: ${problem}; ${fix}.`)
    this.name = 'TokenError'
  }
}

/** A new random token: 32 bytes (256 bits) from the OS's CSPRNG, base64url, 43 characters. */
export function createToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Returns `raw` without surrounding whitespace if it is a usable token; throws TokenError otherwise. */
export function checkToken(raw: string, source: string): string {
  const token = raw.trim()
  if (token.length < TOKEN_MIN_LENGTH) {
    throw new TokenError(source, `it has ${token.length} characters; at least ${TOKEN_MIN_LENGTH} are needed`)
  }
  if (!TOKEN_PATTERN.test(token)) {
    throw new TokenError(source, 'it may hold only letters, digits and - . _ ~ + / (and = at the end)')
  }
  return token
}

/** Path of the token file in `dir`. */
export function tokenFilePath(dir: string): string {
  return path.join(dir, TOKEN_FILE_NAME)
}

/** Another `plant-store token --rotate` is replacing the token right now. */
export class TokenRotationBusyError extends AppError {
  constructor(dir: string, pid: number, message?: string) {
    super(
      message ??
        `Not rotated: another plant-store token --rotate (process ${pid}) is replacing the token in ${dir} right now. ` +
          'Use the token it prints, or rotate again once it has finished.'
    )
    this.name = 'TokenRotationBusyError'
  }
}

/** Another rotation replaced the token after this one began (and has printed it): replacing it again would make that one dead. */
export class TokenReplacedError extends TokenRotationBusyError {
  constructor(dir: string, at: Date) {
    super(
      dir,
      0,
      `Not rotated: the token in ${dir} was replaced at ${at.toISOString()}, after this command began, by another ` +
        'plant-store token --rotate. Use the token it printed, or rotate again.'
    )
    this.name = 'TokenReplacedError'
  }
}

/** Lock file that makes rotations one at a time, so the token a rotation prints is the one in force. */
const ROTATION_LOCK_NAME = 'token.rotating'

/** Makes sure `dir` exists (0700) and that it and its token file can be trusted (see data-folder-trust.ts). */
async function trustedTokenFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await checkDataFolder(dir, [TOKEN_FILE_NAME, ROTATION_LOCK_NAME])
}

/**
 * Reads the token file as a running server may: never through a link, and
 * only when it is a regular file of this user with mode 0600. Otherwise a
 * TokenError says why (another account could have put it there).
 */
async function readOwnTokenFile(file: string): Promise<string | undefined> {
  let handle
  try {
    handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    if (code === 'ELOOP') throw new TokenError(file, 'it is a symbolic link, which is never followed')
    throw error
  }
  try {
    const problem = ownFileProblem(file, await handle.stat(), 0o600)
    if (problem) throw new TokenError(file, problem)
    return checkToken(await handle.readFile('utf8'), file)
  } finally {
    await handle.close()
  }
}

/** Reads and checks the token file; undefined when it does not exist. */
async function readTokenFile(file: string): Promise<string | undefined> {
  const text = await readTextIfPresent(file)
  return text === undefined ? undefined : checkToken(text, file)
}

/** Narrows a token file that others can read (e.g. copied with 0644) back to 0600. */
async function restrictMode(file: string): Promise<void> {
  if (hostPlatform() === 'win32') return // POSIX modes do not apply; the per-user folder protects it.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600)
}

/** The token in `dir`, created (file 0600, new directory 0700) on first use; stable afterwards. */
export async function loadOrCreateToken(dir: string): Promise<string> {
  await trustedTokenFolder(dir)
  const file = tokenFilePath(dir)
  const existing = await readTokenFile(file)
  if (existing !== undefined) {
    await restrictMode(file)
    return existing
  }
  const token = createToken()
  // Created only if absent, so two first starts cannot end up with different tokens.
  if (await createFileOnce(file, `${token}\n`)) return token
  // Another process created it between our read and write: use theirs.
  return (await readTokenFile(file)) ?? token
}

/** Options of {@link rotateToken}. */
export interface RotateOptions {
  /** When the command began (ms since the epoch; default: now): a token replaced after that is not replaced again. */
  since?: number
  /** Hands the new token on (prints it) while the rotation still holds its lock. */
  announce?: (token: string) => Promise<void>
}

/**
 * Replaces the token in `dir` with a new random one and returns it, so that
 * the token a rotation prints is the token in force: one rotation at a time
 * (one started meanwhile is refused: TokenRotationBusyError), the lock held
 * until the new token has been handed on (`announce`), and a rotation refused
 * (TokenReplacedError) when another replaced the token after it began,
 * rather than replace a token that one has just printed.
 */
export async function rotateToken(dir: string, options: RotateOptions = {}): Promise<string> {
  const since = options.since ?? Date.now()
  await trustedTokenFolder(dir)
  const lock = await acquireLockFile(path.join(dir, ROTATION_LOCK_NAME), 'plant-store token --rotate').catch((error: unknown) => {
    throw error instanceof DataDirLockedError ? new TokenRotationBusyError(dir, error.owner.pid) : error
  })
  try {
    const file = tokenFilePath(dir)
    // Whole milliseconds, as Date.now() counts them: a token written in the millisecond a rotation began came before it.
    const replacedAt = await stat(file).then(
      (info) => Math.floor(info.mtimeMs),
      () => undefined
    )
    if (replacedAt !== undefined && replacedAt > since) throw new TokenReplacedError(dir, new Date(replacedAt))
    const token = createToken()
    await replaceFile(file, `${token}\n`)
    await options.announce?.(token)
    return token
  } finally {
    await lock.release()
  }
}

/** The token a running server checks requests against. */
export interface TokenSource {
  /** The current token (cheap: no I/O). */
  current(): string
  /** Stops re-reading the file. */
  close(): void
  /** Re-reads the file now (a request's token is not the one in force: it may have been rotated a moment ago). */
  refresh(): Promise<void>
  /** Writes the token in force back when its file is gone (the data folder was deleted and re-created); a no-op for a fixed token. */
  restoreFile(): Promise<void>
}

/**
 * The token for a server on `dir`: `override` (PLANT_STORE_TOKEN) when given,
 * else the file, re-read every `recheckMs` so a rotation takes effect within
 * that time (and at once for a request that carries a token it does not know:
 * {@link TokenSource.refresh}). A file that vanishes or turns invalid keeps the last good token
 * (never an empty one).
 */
export async function openTokenSource(dir: string, override?: string, recheckMs = TOKEN_RECHECK_MS): Promise<TokenSource> {
  if (override !== undefined) {
    const fixed = checkToken(override, TOKEN_ENV)
    return { current: () => fixed, close: () => undefined, refresh: async () => undefined, restoreFile: async () => undefined }
  }
  let token = await loadOrCreateToken(dir)
  const file = tokenFilePath(dir)
  let reported: string | undefined
  const refresh = sharedRuns(() =>
    readOwnTokenFile(file).then(
      (latest) => {
        reported = undefined
        if (latest !== undefined) token = latest
      },
      (error: unknown) => {
        // Said once per problem, not every second; the server keeps the token it has.
        const problem = error instanceof Error ? error.message : String(error)
        if (problem !== reported) console.error(`[plant-store] ignoring the token file: ${problem} The server keeps the token it had.`)
        reported = problem
      }
    )
  )
  const timer = setInterval(() => void refresh(), recheckMs)
  timer.unref() // never keeps the process alive on its own
  const restoreFile = async () => {
    await createFileOnce(file, `${token}\n`) // never replaces a token file that is there
  }
  return { current: () => token, close: () => clearInterval(timer), refresh, restoreFile }
}
