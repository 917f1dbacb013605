/**
 * Named tokens on disk: DATA/tokens.json (mode 0600), one entry per token with
 * its name, scope, times and the SHA-256 of its secret; the secret itself is
 * shown once when the token is made and never stored. Every change is a
 * read-modify-write under a short lock (the CLI and a running server both
 * write the file) and replaces the file atomically.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  storedTokenNameProblem,
  tokenNameProblem,
  isTokenScope,
  type CreatedToken,
  type NamedTokenInfo,
  type TokenKind,
  type TokenScope
} from '#shared/named-token'
import { withFileLock } from '#lib/file-lock'
import { DamagedFileError } from '#lib/damaged-file-error'
import { checkDataFolder } from '#store'
import { replaceFile } from '#lib/durable-file'
import { createToken } from './token'
import { AppError } from '#shared/app-error'

/** Name of the named tokens' file inside the data directory. */
export const NAMED_TOKENS_FILE_NAME = 'tokens.json'

/** A named token as the file keeps it. */
export interface StoredToken extends NamedTokenInfo {
  /** `sha256:` and the hex SHA-256 of the secret. */
  hash: string
}

/** The file cannot be used; `problem` says why. */
export class NamedTokensFileError extends DamagedFileError {
  constructor(
    file: string,
    readonly problem: string
  ) {
    super(
      file,
      `the token file ${file} is damaged: ${problem}; fix it, or delete it (deleting revokes every named token; the owner token still works)`
    )
    this.name = 'NamedTokensFileError'
  }
}

/** A name refused for a new token (bad form, or taken). */
export class TokenNameError extends AppError {
  constructor(
    message: string,
    readonly taken = false
  ) {
    super(message)
    this.name = 'TokenNameError'
  }
}

/** Path of the file in `dir`. */
export function namedTokensFile(dir: string): string {
  return path.join(dir, NAMED_TOKENS_FILE_NAME)
}

/** The stored form of a secret. SHA-256 suffices: the secrets are 256 random bits, not passwords to be guessed. */
export function tokenHash(token: string): string {
  return `sha256:${createHash('sha256').update(token, 'utf8').digest('hex')}`
}

function entryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'an entry is not an object'
  const entry = value as Record<string, unknown>
  if (typeof entry.name !== 'string' || storedTokenNameProblem(entry.name)) return `the name ${JSON.stringify(entry.name)} is not valid`
  if (!isTokenScope(entry.scope)) return `token "${entry.name}" has no valid scope`
  if (typeof entry.hash !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(entry.hash)) return `token "${entry.name}" has no valid hash`
  if (typeof entry.createdAt !== 'string') return `token "${entry.name}" has no creation time`
  if (entry.kind !== undefined && entry.kind !== 'till') return `token "${entry.name}" has an unknown kind`
  return undefined
}

/** The stored tokens of `dir`; none when the file does not exist. Throws NamedTokensFileError for a damaged file. */
export async function readNamedTokens(dir: string): Promise<StoredToken[]> {
  const file = namedTokensFile(dir)
  // Never a file another account could have written or linked (see data-folder-trust.ts).
  await checkDataFolder(dir, [NAMED_TOKENS_FILE_NAME]).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error // no folder, no tokens
  })
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  let tokens: unknown
  try {
    tokens = (JSON.parse(text) as { tokens?: unknown }).tokens
  } catch {
    throw new NamedTokensFileError(file, 'it is not valid JSON')
  }
  if (!Array.isArray(tokens)) throw new NamedTokensFileError(file, 'it holds no list of tokens')
  for (const entry of tokens) {
    const problem = entryProblem(entry)
    if (problem) throw new NamedTokensFileError(file, problem)
  }
  return tokens as StoredToken[]
}

/** A stored token as listed: without its hash. */
export function listedToken({ hash: _hash, ...info }: StoredToken): NamedTokenInfo {
  return info
}

/** Changes the file of `dir` under its lock: `change` gets the tokens and returns the new list (or undefined to leave it). */
async function changeNamedTokens<T>(dir: string, change: (tokens: StoredToken[]) => { tokens?: StoredToken[]; result: T }): Promise<T> {
  const file = namedTokensFile(dir)
  return withFileLock(file, async () => {
    const { tokens, result } = change(await readNamedTokens(dir))
    if (tokens) await replaceFile(file, `${JSON.stringify({ tokens }, null, 2)}\n`)
    return result
  })
}

/** Makes a new token named `name` (of `kind`, for a till); resolves with it, secret included (shown this once). */
export async function addNamedToken(dir: string, name: string, scope: TokenScope, now = new Date(), kind?: TokenKind): Promise<CreatedToken> {
  const problem = tokenNameProblem(name)
  if (problem) throw new TokenNameError(problem)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  return changeNamedTokens(dir, (tokens) => {
    if (tokens.some((entry) => entry.name.toLowerCase() === name.toLowerCase())) {
      throw new TokenNameError(`there is a token named "${name}" already; revoke it first or choose another name`, true)
    }
    const token = createToken()
    const info: NamedTokenInfo = { name, scope, createdAt: now.toISOString(), ...(kind === undefined ? {} : { kind }) }
    return { tokens: [...tokens, { ...info, hash: tokenHash(token) }], result: { ...info, token } }
  })
}

/** Deletes the token named `name` (any case); resolves false when there is none. */
export function revokeNamedToken(dir: string, name: string): Promise<boolean> {
  return changeNamedTokens(dir, (tokens) => {
    const kept = tokens.filter((entry) => entry.name.toLowerCase() !== name.toLowerCase())
    return kept.length === tokens.length ? { result: false } : { tokens: kept, result: true }
  })
}

/** Saves last-used times (token name → ISO time) of tokens that still exist. */
export function saveTokenUses(dir: string, uses: ReadonlyMap<string, string>): Promise<void> {
  return changeNamedTokens(dir, (tokens) => {
    if (!tokens.some((entry) => uses.has(entry.name))) return { result: undefined }
    return { tokens: tokens.map((entry) => ({ ...entry, lastUsedAt: uses.get(entry.name) ?? entry.lastUsedAt })), result: undefined }
  })
}
