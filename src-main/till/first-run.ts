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
import { changeSettings } from '#settings/settings'
import { CertificateMismatchError, NotTlsError } from '#lib/pinned-tls'
import { DATA_FILE_NAME, acquireDataDirLock, type DataDirLock } from '#store'
import { AccessPolicy, apiBaseUrl, problem, uiUrl, type ListeningServer, type SetupAdmin } from '#server'
import { createFirstRunApp } from './first-run-app'
import { listenWithFallback, type LocalService, type ServiceOptions } from './local-service'
import { PairingRefusedError, defaultTillName, pairTill, readPairing, type TillPairing } from './pairing'
import { startTill, type RunningTill } from './service'

/** True when `dataDir` was never set up: it holds no catalogue and no pairing (a damaged pairing throws). */
export async function isFirstRun(dataDir: string): Promise<boolean> {
  return !existsSync(path.join(dataDir, DATA_FILE_NAME)) && (await readPairing(dataDir)) === undefined
}

/** What the computer became: the main computer's service (of type `Main`: app/ starts it), or a till's. */
export type SetUpService<Main extends LocalService = LocalService> =
  { stage: 'main'; service: Main } | { stage: 'till'; service: RunningTill; pairing: TillPairing }

/**
 * A first run in progress, then whatever it became: its token, address, stop and release are those of what runs
 * now (a till has no stop-time backup of its own: it keeps no catalogue).
 */
export interface FirstRun<Main extends LocalService = LocalService> extends LocalService {
  /** Resolves once the person chose and the computer became the main computer or a till. */
  readonly setUp: Promise<SetUpService<Main>>
  /** True until the choice is made: the page opens on the first-run screen. */
  pending(): boolean
}

/** Who holds the data folder while its first-run screen is up (named to another first run or `plant-store pair`). */
export const FIRST_RUN_HOLDER = "Plant Store's first-run screen"

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

/**
 * Serves the first-run screen on `options.host:port` (this computer's loopback address) until a choice is made;
 * becoming the main computer is `startMain` on the same listener (app/'s startService).
 */
export async function startFirstRun<Main extends LocalService>(
  options: ServiceOptions,
  startMain: (options: ServiceOptions) => Promise<Main>
): Promise<FirstRun<Main>> {
  const tokens = await openTokenSource(options.dataDir, options.token)
  const access = new AccessPolicy({ token: tokens.current, refreshToken: tokens.refresh, host: options.host })
  let settled: (service: SetUpService<Main>) => void = () => {}
  const setUp = new Promise<SetUpService<Main>>((resolve) => (settled = resolve))
  let became: SetUpService<Main> | undefined
  let choosing = false
  let listener: ListeningServer | undefined
  // Two first runs on one folder (two windows, a `serve --first-run` beside the app, a `plant-store pair`) would each
  // set it up: the screen holds the folder's lock until the choice is made, and the service it becomes takes its own.
  let lock: DataDirLock | undefined = await acquireDataDirLock(options.dataDir, FIRST_RUN_HOLDER)
  const unlock = async () => {
    const held = lock
    lock = undefined
    await held?.release()
  }
  const relock = async () => {
    lock ??= await acquireDataDirLock(options.dataDir, FIRST_RUN_HOLDER).catch(() => undefined)
  }
  const stateOf = (service: SetUpService<Main>): SetupState =>
    service.stage === 'main' ? { stage: 'main', shopToSetUp: true } : { stage: 'till', primary: service.pairing.origin, till: service.pairing.till }
  // One choice, once: a second click, or another window, is told so; a refused one leaves the computer as it was.
  const choose = async (make: (on: ListeningServer) => Promise<SetUpService<Main>>): Promise<SetupState> => {
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
    becomeMain: () =>
      choose(async (on) => {
        // The staff UI then asks for the shop's name, country, tax and owner, until the owner finishes or skips it.
        await changeSettings(options.dataDir, (stored) => {
          stored.shopSetUp = 'pending'
        })
        await unlock() // the catalogue's store takes the folder's lock itself
        try {
          return { stage: 'main', service: await startMain({ ...options, listener: on }) }
        } catch (error) {
          await relock() // still the first-run screen: it holds the folder again
          throw error
        }
      }),
    connect: (request) =>
      choose(async (on) => {
        const pairing = await pairFromScreen(options.dataDir, request)
        await unlock()
        return { stage: 'till', pairing, service: await startTill({ ...options, pairing, listener: on }) }
      })
  }
  try {
    listener = await listenWithFallback(createFirstRunApp({ access, setup, uiDir: options.uiDir }), options)
  } catch (error) {
    tokens.close()
    await unlock()
    throw error
  }
  access.listeningOn(listener.port)
  const server = listener
  let releasing: Promise<void> | undefined
  const release = () => (releasing ??= (became?.service.release() ?? server.close().then(() => tokens.close())).finally(unlock))
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
