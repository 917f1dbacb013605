/**
 * A computer's first run: a data folder with neither a catalogue nor a pairing, started by the desktop app or by
 * `plant-store serve --first-run`. It serves the staff UI's first-run screen on this computer only, with the local
 * token, until the person chooses: the shop's main computer (the catalogue starts, as `plant-store serve` does) or a
 * till of it (paired as `plant-store pair` does, then serving as `plant-store serve` on a paired till does). Either
 * way the same listener is handed over, so the page only reloads: nothing restarts.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { FIRST_RUN_SCREEN, type ConnectRequest, type SetupState } from '#shared/first-run'
import { normalizeFingerprint } from '#shared/lan'
import { openTokenSource } from '#auth/token'
import { CertificateMismatchError, NotTlsError } from '#lib/pinned-tls'
import { DATA_FILE_NAME } from '#store'
import { createFirstRunApp } from '#server/first-run-app'
import { problem } from '#server/problems/problems'
import type { SetupAdmin } from '#server/routes/setup/resource'
import { AccessPolicy } from '#server/security/access-policy'
import { uiUrl } from '#server/security/security'
import type { ListeningServer } from '#server/start-server'
import { apiBaseUrl } from '#server/urls'
import { listenWithFallback, startService, type LocalService, type RunningService, type ServiceOptions } from './service'
import { PairingRefusedError, defaultTillName, pairTill, readPairing, type TillPairing } from './till-pairing'
import { startTill, type RunningTill } from './till-service'

/** True when `dataDir` was never set up: it holds no catalogue and no pairing (a damaged pairing throws). */
export async function isFirstRun(dataDir: string): Promise<boolean> {
  return !existsSync(path.join(dataDir, DATA_FILE_NAME)) && (await readPairing(dataDir)) === undefined
}

/** What the computer became: the main computer's service, or a till's. */
export type SetUpService = { stage: 'main'; service: RunningService } | { stage: 'till'; service: RunningTill; pairing: TillPairing }

/** What the desktop app and `plant-store serve` start on a data folder: the main computer, a paired till, or a first run. */
export type StartedService = SetUpService | { stage: 'first-run'; service: FirstRun }

/**
 * The one way both front ends start on `options.dataDir`: a paired till's service when it holds a pairing, the first
 * run when it was never set up and `offerFirstRun` (the desktop app; `serve --first-run`), else the main computer's.
 */
export async function startOnDataFolder(options: ServiceOptions & { offerFirstRun?: boolean }): Promise<StartedService> {
  const pairing = await readPairing(options.dataDir)
  if (pairing) return { stage: 'till', pairing, service: await startTill({ ...options, pairing }) }
  if (options.offerFirstRun && (await isFirstRun(options.dataDir))) return { stage: 'first-run', service: await startFirstRun(options) }
  return { stage: 'main', service: await startService(options) }
}

/**
 * A first run in progress, then whatever it became: its token, address, stop and release are those of what runs
 * now (a till has no stop-time backup of its own: it keeps no catalogue).
 */
export interface FirstRun extends LocalService {
  /** Resolves once the person chose and the computer became the main computer or a till. */
  readonly setUp: Promise<SetUpService>
  /** True until the choice is made: the page opens on the first-run screen. */
  pending(): boolean
}

/** Socket errors of a pairing that mean "nobody (reachable) there", said as such. */
const UNREACHABLE = /^E(CONNREFUSED|CONNRESET|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND|ADDRNOTAVAIL|AI_AGAIN)$/

/** Pairs as `plant-store pair` does, each refusal as the problem the first-run screen shows under its field. */
async function pairFromScreen(dataDir: string, request: ConnectRequest): Promise<TillPairing> {
  let origin: string
  try {
    origin = new URL(request.address).origin
  } catch {
    const message = `"${request.address}" is not an address; give it as the main computer shows it, e.g. https://192.168.1.20:7421`
    throw problem('notConnected', [{ field: 'address', message }])
  }
  const fingerprint = normalizeFingerprint(request.fingerprint)! // the body's rule checked it
  try {
    return await pairTill(dataDir, origin, { code: request.code, fingerprint, till: request.till })
  } catch (error) {
    if (error instanceof NotTlsError) throw problem('addressNotTls', origin)
    if (error instanceof CertificateMismatchError) throw problem('fingerprintMismatch', origin, fingerprint, error.why)
    if (error instanceof PairingRefusedError) throw problem('connectRefused', { status: error.status, type: error.type, detail: error.detail })
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (UNREACHABLE.test(code)) throw problem('connectUnreachable', origin, code)
    throw error
  }
}

/** Serves the first-run screen on `options.host:port` (this computer's loopback address) until a choice is made. */
export async function startFirstRun(options: ServiceOptions): Promise<FirstRun> {
  const tokens = await openTokenSource(options.dataDir, options.token)
  const access = new AccessPolicy({ token: tokens.current, refreshToken: tokens.refresh, host: options.host })
  let settled: (service: SetUpService) => void = () => {}
  const setUp = new Promise<SetUpService>((resolve) => (settled = resolve))
  let became: SetUpService | undefined
  let choosing = false
  let listener: ListeningServer | undefined
  const stateOf = (service: SetUpService): SetupState =>
    service.stage === 'main' ? { stage: 'main' } : { stage: 'till', primary: service.pairing.origin, till: service.pairing.till }
  // One choice, once: a second click, or another window, is told so; a refused one leaves the computer as it was.
  const choose = async (make: (on: ListeningServer) => Promise<SetUpService>): Promise<SetupState> => {
    if (became) throw problem('setUpAlready', stateOf(became))
    if (choosing || !listener) throw problem('setUpAlready', 'busy')
    choosing = true
    try {
      became = await make(listener)
    } finally {
      choosing = false
    }
    tokens.close() // the service it became reads the same token file itself
    settled(became)
    return stateOf(became)
  }
  const setup: SetupAdmin = {
    state: () => (became ? stateOf(became) : { stage: 'first-run', suggestedTill: defaultTillName() }),
    becomeMain: () => choose(async (on) => ({ stage: 'main', service: await startService({ ...options, listener: on }) })),
    connect: (request) =>
      choose(async (on) => {
        const pairing = await pairFromScreen(options.dataDir, request)
        return { stage: 'till', pairing, service: await startTill({ ...options, pairing, listener: on }) }
      })
  }
  try {
    listener = await listenWithFallback(createFirstRunApp({ access, setup, uiDir: options.uiDir }), options)
  } catch (error) {
    tokens.close()
    throw error
  }
  access.listeningOn(listener.port)
  const server = listener
  let releasing: Promise<void> | undefined
  const release = () => (releasing ??= became?.service.release() ?? server.close().then(() => tokens.close()))
  return {
    port: server.port,
    baseUrl: apiBaseUrl(server.origin),
    token: () => became?.service.token() ?? tokens.current(),
    uiUrl: () => became?.service.uiUrl() ?? `${uiUrl(options.host, server.port, tokens.current())}&${FIRST_RUN_SCREEN.key}=${FIRST_RUN_SCREEN.value}`,
    setUp,
    pending: () => became === undefined,
    release,
    backUpAtStop: (onStart) => became?.service.backUpAtStop(onStart) ?? release(),
    stop: () => became?.service.stop() ?? release()
  }
}
