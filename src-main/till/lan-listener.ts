/**
 * The second listener, for the shop's other tills: TLS only, on the one address the owner set (lan.address), with
 * the same app as 127.0.0.1 over the same catalogue. Its access policy differs in what it lets in: its own
 * address as Host, https origins, only paired tills' tokens, and without a token nothing but the pairing.
 *
 * A change of the setting (PUT or DELETE /v3/settings/lan, `config set lan.address` while a server runs) takes
 * effect at once: the listener at the new place starts before the old one stops and before the setting is kept,
 * so a place this computer cannot listen on is refused with the listener left as it was.
 */
import type { H3 } from 'h3'
import type { LanState } from '#shared/lan'
import { ensureLanCertificate, readLanCertificate } from '#auth/lan-certificate'
import type { NamedTokenRegistry } from '#auth/named-token-registry'
import { PairingCodes } from '#auth/pairing-codes'
import { PairingLimit } from '#auth/pairing-limit'
import { clearLanAddress, readLanSettings, writeLanSettings } from '#settings/lan-settings'
import { AccessPolicy, listen, type LanAdmin, type LanChange, type ListeningServer } from '#server'
import { whyNotListening, whyUnreachable } from './lan-refusal'

/** What the LAN listener shares with the loopback one. */
export interface LanListenerOptions {
  dataDir: string
  namedTokens: NamedTokenRegistry
  /** The owner's token (never accepted on the LAN, but told apart from an unknown one). */
  token: () => string
  /**
   * Builds the app over `access` exactly as for loopback, so both apply the same checks and limits; `stopping`
   * ends its change streams when this listener closes (turned off or moved).
   */
  createApp: (access: AccessPolicy, lan: LanAdmin, stopping: AbortSignal) => H3
  /** How often a listener that could not start is tried again (30 s; tests shorten it). */
  retryMs?: number
}

/** How often a listener that could not start (its port taken, its address not up yet) is tried again. */
const START_RETRY_MS = 30_000

/** One listener up: where, and how to take it down (its change streams first). */
interface Listening {
  address: string
  port: number
  server: ListeningServer
  stop(): Promise<void>
}

/** The LAN listener of a running service: the routes' view of it (`admin`), and the listener while it is up. */
export class LanListener {
  readonly admin: LanAdmin
  readonly #options: LanListenerOptions
  #listening?: Listening
  #fingerprint?: string
  /** Set by close(): a change still arriving (a request in flight while the service stops) starts nothing. */
  #closed = false
  get #retryMs(): number {
    return this.#options.retryMs ?? START_RETRY_MS
  }

  /** A start that could not listen, tried again in a while (see #retryLater). */
  #retry: NodeJS.Timeout | undefined
  /** Changes one at a time: two owners saving at once end with one listener, the setting of the later one. */
  #changes: Promise<unknown> = Promise.resolve()

  constructor(options: LanListenerOptions) {
    this.#options = options
    const { dataDir, namedTokens } = options
    this.admin = {
      dataDir,
      codes: new PairingCodes(),
      attempts: new PairingLimit(),
      addToken: (name, scope, kind) => namedTokens.add(name, scope, kind),
      state: () => this.#state(),
      change: (settings) => this.#queued(() => this.#change(settings))
    }
  }

  /** `https://ADDRESS:PORT` and the certificate's fingerprint while the listener is up. */
  get current(): { url: string; fingerprint: string } | undefined {
    const listening = this.#listening
    return listening && this.#fingerprint ? { url: listening.server.origin, fingerprint: this.#fingerprint } : undefined
  }

  /**
   * Starts listening where the setting says, if anywhere. A listener that cannot start (the address is not this
   * computer's any more, the port is taken) is said on stderr and left off: the shop's own computer keeps working.
   */
  async start(): Promise<void> {
    // A value edited into the file by hand that cannot be used must not be dropped without a word.
    for (const words of (await readLanSettings(this.#options.dataDir)).ignored)
      console.error(`[plant-store] ${words}. Change it in Settings → Let other tills connect, or with plant-store config set.`)
    const refused = await this.#listenAsSet()
    if (refused.ok) return
    const command = refused.field === 'port' ? 'plant-store config set lan.port PORT' : 'plant-store config set lan.address ADDRESS'
    console.error(
      `[plant-store] other tills cannot connect: ${refused.message}. Trying again every ${this.#retryMs / 1000} seconds; ` +
        `or change it in Settings → Let other tills connect, or with ${command}.`
    )
    this.#retryLater()
  }

  /** Listens where the setting says (nowhere when no address is set): what it listens on, or why it cannot. */
  async #listenAsSet(): Promise<{ ok: true; origin?: string } | Extract<LanChange, { ok: false }>> {
    const { address, port } = await readLanSettings(this.#options.dataDir)
    if (address === undefined) return { ok: true }
    const unreachable = whyUnreachable(address)
    if (unreachable) return { ok: false, ...unreachable }
    const started = await this.#listen(address, port)
    if (!started.ok) return started
    this.#listening = started.listening
    return { ok: true, origin: started.listening.server.origin }
  }

  /**
   * Tries the setting again in a while: a port held by another program at the start (or an address not up yet, the
   * network still connecting) would otherwise keep the tills out until the next restart.
   */
  #retryLater(): void {
    this.#retry = setTimeout(() => {
      this.#retry = undefined
      void this.#queued(async () => {
        if (this.#closed || this.#listening) return
        const listened = await this.#listenAsSet()
        if (!listened.ok) return this.#retryLater()
        if (listened.origin) console.error(`[plant-store] other tills can connect now, at ${listened.origin}.`)
      }).catch((error: unknown) => console.error(`[plant-store] other tills cannot connect: ${(error as Error).message}.`))
    }, this.#retryMs)
    this.#retry.unref()
  }

  /** Stops listening (after a change in progress) and ends the LAN's change streams. */
  close(): Promise<void> {
    clearTimeout(this.#retry)
    return this.#queued(async () => {
      this.#closed = true
      const listening = this.#listening
      this.#listening = undefined
      await listening?.stop()
    })
  }

  #queued<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#changes.then(work)
    this.#changes = run.catch(() => undefined)
    return run
  }

  async #state(): Promise<LanState> {
    const { dataDir } = this.#options
    const [{ address, port }, certificate] = await Promise.all([readLanSettings(dataDir), readLanCertificate(dataDir)])
    const server = this.#listening?.server
    return {
      ...(address === undefined ? {} : { address }),
      port,
      ...(server ? { url: server.origin } : {}),
      ...(certificate ? { fingerprint: certificate.fingerprint } : {}),
      listening: server !== undefined
    }
  }

  async #change(settings: { address?: string; port?: number }): Promise<LanChange> {
    const { dataDir } = this.#options
    clearTimeout(this.#retry) // the owner chose anew: no retry of the old setting behind their back
    this.#retry = undefined
    if (this.#closed) return { ok: false, field: 'address', message: 'Plant Store is stopping; change it once it runs again' }
    const before = this.#listening
    if (settings.address === undefined) {
      await clearLanAddress(dataDir)
      this.#listening = undefined
      this.admin.codes.forgetAll() // a code names the address it pairs with
      await before?.stop()
      return { ok: true, state: await this.#state() }
    }
    const { address } = settings
    const unreachable = whyUnreachable(address)
    if (unreachable) return { ok: false, ...unreachable }
    const port = settings.port ?? (await readLanSettings(dataDir)).port
    const moved = before === undefined || before.address !== address || before.port !== port
    const started = moved ? await this.#listen(address, port) : undefined
    if (started && !started.ok) return started
    try {
      await writeLanSettings(dataDir, { address, port })
    } catch (error) {
      await started?.listening.stop()
      throw error
    }
    if (started) {
      this.#listening = started.listening
      this.admin.codes.forgetAll()
      await before?.stop()
    }
    return { ok: true, state: await this.#state() }
  }

  async #listen(address: string, port: number): Promise<{ ok: true; listening: Listening } | Extract<LanChange, { ok: false }>> {
    const { dataDir, namedTokens, token, createApp } = this.#options
    const certificate = await ensureLanCertificate(dataDir, address)
    const access = new AccessPolicy({ token, host: address, namedTokens, lan: true })
    const streams = new AbortController()
    let server: ListeningServer
    try {
      server = await listen(createApp(access, this.admin, streams.signal), { host: address, port, tls: certificate })
    } catch (error) {
      return { ok: false, ...whyNotListening(error, address, port) }
    }
    access.listeningOn(server.port)
    this.#fingerprint = certificate.fingerprint
    const stop = async () => {
      streams.abort()
      await server.close()
    }
    return { ok: true, listening: { address, port, server, stop } }
  }
}
