/**
 * The named tokens a running server accepts: tokens.json held in memory as
 * hash → token, re-read whenever the file changes (checked four times a
 * second), so a token revoked with the CLI stops working within a second. A
 * token it does not know makes it look at the file at once ({@link
 * NamedTokenRegistry.refresh}), so a token made with the CLI works as soon as
 * the command has returned. The times tokens were last used are kept in memory
 * and saved every few seconds.
 */
import { stat } from 'node:fs/promises'
import { sharedRuns } from '#lib/shared-run'
import type { CreatedToken, NamedTokenInfo, TokenKind, TokenScope } from '#shared/named-token'
import {
  addNamedToken,
  listedToken,
  namedTokensFile,
  readNamedTokens,
  revokeNamedToken,
  saveTokenUses,
  tokenHash,
  TokenNameError,
  type StoredToken
} from './named-tokens'

/** Options of {@link NamedTokenRegistry.open}. */
export interface NamedTokenRegistryOptions {
  /** How often the file is checked for changes (default 250 ms). */
  recheckMs?: number
  /** How soon after a use its time is saved (default 5 s). */
  saveUsesMs?: number
  now?: () => Date
}

/** A named token's holder, as the server knows it. */
export interface NamedPrincipal {
  name: string
  scope: TokenScope
  /** `till` for a paired till's token. */
  kind?: TokenKind
}

const fileSignature = (file: string) =>
  stat(file).then(
    (info) => `${info.ino}:${info.size}:${info.mtimeMs}`,
    () => 'absent'
  )

/** Named tokens for a server on one data folder. */
export class NamedTokenRegistry {
  readonly #dir: string
  readonly #now: () => Date
  readonly #saveUsesMs: number
  #byHash = new Map<string, StoredToken>()
  #signature = ''
  /** Why the file cannot be read, while it cannot. */
  #damage: string | undefined
  readonly #uses = new Map<string, string>()
  #saveTimer: NodeJS.Timeout | undefined
  #saving: Promise<void> | undefined
  readonly #recheck: NodeJS.Timeout
  /** Re-reads the file if it changed; reloads run one after another, so one started after a change always sees it. */
  readonly #reloadIfChanged = sharedRuns(() => this.#reloadOnce())

  private constructor(dir: string, options: NamedTokenRegistryOptions) {
    this.#dir = dir
    this.#now = options.now ?? (() => new Date())
    this.#saveUsesMs = options.saveUsesMs ?? 5000
    this.#recheck = setInterval(() => void this.#reloadIfChanged(), options.recheckMs ?? 250)
    this.#recheck.unref() // never keeps the process alive on its own
  }

  /** Loads the tokens of `dir` and follows changes to the file. */
  static async open(dir: string, options: NamedTokenRegistryOptions = {}): Promise<NamedTokenRegistry> {
    const registry = new NamedTokenRegistry(dir, options)
    await registry.#reloadIfChanged()
    return registry
  }

  /** The holder of `token` if it is a named token (recording that it was used now), else undefined. */
  authenticate(token: string): NamedPrincipal | undefined {
    const entry = this.#byHash.get(tokenHash(token))
    if (!entry) return undefined
    this.#uses.set(entry.name, this.#now().toISOString())
    this.#saveTimer ??= setTimeout(() => void this.#saveUses(), this.#saveUsesMs)
    return { name: entry.name, scope: entry.scope, ...(entry.kind === undefined ? {} : { kind: entry.kind }) }
  }

  /** The proof keys of the named tokens in force (server-proof.ts): the hex SHA-256 tokens.json keeps of each. */
  proofKeys(): string[] {
    return [...this.#byHash.keys()].map((hash) => hash.replace(/^sha256:/, ''))
  }

  /** Every named token, with last-used times not yet saved. */
  async list(): Promise<NamedTokenInfo[]> {
    return (await readNamedTokens(this.#dir)).map((entry) => listedToken({ ...entry, lastUsedAt: this.#uses.get(entry.name) ?? entry.lastUsedAt }))
  }

  /** Makes a token (of `kind`, for a till; accepted at once); its secret is in the answer only. Undefined when the name is taken. */
  async add(name: string, scope: TokenScope, kind?: TokenKind): Promise<CreatedToken | undefined> {
    try {
      return await addNamedToken(this.#dir, name, scope, this.#now(), kind)
    } catch (error) {
      if (error instanceof TokenNameError && error.taken) return undefined
      throw error
    } finally {
      await this.#reloadIfChanged()
    }
  }

  /**
   * Re-reads tokens.json if it changed (one stat when not): called for a token nobody knows, which may have been
   * made a moment ago by the CLI. A burst of unknown tokens shares one look at the file.
   */
  refresh(): Promise<void> {
    return this.#reloadIfChanged()
  }

  /** Why every named token is refused for now (tokens.json cannot be read), or undefined while it can. */
  damage(): string | undefined {
    return this.#damage
  }

  /** Revokes a token (refused at once); false when there is none of that name. */
  async revoke(name: string): Promise<boolean> {
    const revoked = await revokeNamedToken(this.#dir, name)
    await this.#reloadIfChanged()
    return revoked
  }

  /** Stops following the file and saves the last uses. */
  async close(): Promise<void> {
    clearInterval(this.#recheck)
    clearTimeout(this.#saveTimer)
    await this.#saving
    if (this.#uses.size > 0) await this.#saveUses()
  }

  async #reloadOnce(): Promise<void> {
    try {
      const signature = await fileSignature(namedTokensFile(this.#dir))
      if (signature === this.#signature) return
      this.#signature = signature
      this.#byHash = new Map((await readNamedTokens(this.#dir)).map((entry) => [entry.hash, entry]))
      this.#damage = undefined
    } catch (error) {
      this.#damage = error instanceof Error ? error.message : String(error)
      // Refuse every named token rather than keep accepting one that may have been revoked (the owner token still works).
      this.#byHash = new Map()
      console.error('[plant-store] named tokens are refused until tokens.json can be read again:', error instanceof Error ? error.message : error)
    }
  }

  async #saveUses(): Promise<void> {
    this.#saveTimer = undefined
    const uses = new Map(this.#uses)
    this.#uses.clear()
    this.#saving = saveTokenUses(this.#dir, uses).catch((error: unknown) => {
      for (const [name, at] of uses) if (!this.#uses.has(name)) this.#uses.set(name, at) // try again with the next use
      console.error('[plant-store] could not save when named tokens were last used:', error instanceof Error ? error.message : error)
    })
    await this.#saving
  }
}
