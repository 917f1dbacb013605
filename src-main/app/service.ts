/**
 * Starts and stops the whole service (store + HTTP server + runtime file).
 * Both entry points use it, the desktop app (index.ts) and the headless CLI
 * (cli.ts), so the two modes cannot drift apart.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { AccessPolicy, apiBaseUrl, createApp, eventStreamShares, uiUrl, type LanAdmin } from '#server'
import { scheduleOffsiteBackups } from '#backup-folder/offsite-backup'
import { replaceFile } from '#lib/durable-file'
import { RUNTIME_FILE_NAME, ShopStore } from '#store'
import { SettingsOwner } from '#settings/settings-owner'
import { identity } from '#lib/process-identity'
import { NamedTokenRegistry } from '#auth/named-token-registry'
import { openStaffAccess } from '#auth/staff/staff-access'
import { openTokenSource, type TokenSource } from '#auth/token'
import { LanListener } from '#till/lan-listener'
import { listenWithFallback, type LocalService, type ServiceOptions } from '#till/local-service'

export type { LocalService, ServiceOptions }

/** Name of the runtime file that tells scripts where the running server is (and a newcomer that the folder is in use). */
export const SERVER_FILE_NAME = RUNTIME_FILE_NAME

/** A running service of the shop's main computer. */
export interface RunningService extends LocalService {
  store: ShopStore
  /** The listener for the shop's other tills (https://ADDRESS:PORT) and its certificate's fingerprint, while it is up. */
  readonly lan?: { url: string; fingerprint: string }
}

/**
 * Writes server.json: where scripts find the server, and, with the process's
 * start time, the witness that keeps a second server out of the folder even if
 * its lock file is deleted (see lock.ts). Replaced atomically, never through a link.
 */
async function writeServerFile(
  dataDir: string,
  info: { pid: number; port: number; baseUrl: string; holder: string; ownerTokenFrom: 'environment' | 'file' }
): Promise<string> {
  const file = path.join(dataDir, SERVER_FILE_NAME)
  await replaceFile(file, JSON.stringify({ ...info, since: new Date().toISOString(), ...identity(info.pid) }, null, 2) + '\n')
  return file
}

/** How long after listening the sales ledger is read when no sales request has read it yet. */
const LEDGER_WARM_UP_MS = 1000

/** Opens the catalogue in `dataDir` and serves the API on `host:port`. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  // A data folder deleted while running is re-created by the store; the token and server.json go back too, so scripts keep working.
  const started: { tokens?: TokenSource; serverInfo?: Parameters<typeof writeServerFile>[1] } = {}
  const onFolderRecreated = async () => {
    await started.tokens?.restoreFile()
    if (started.serverInfo) await writeServerFile(options.dataDir, started.serverInfo)
  }
  const store = await ShopStore.open({ dir: options.dataDir, holder: options.holder, onFolderRecreated })
  // Aborted on stop so that open event streams end at once instead of holding the graceful close.
  const endStreams = new AbortController()
  const tokens = await openTokenSource(options.dataDir, options.token).catch(async (error: unknown) => {
    await store.close()
    throw error
  })
  started.tokens = tokens
  let server
  let namedTokens: NamedTokenRegistry | undefined
  let lan: LanListener | undefined
  try {
    namedTokens = await NamedTokenRegistry.open(options.dataDir)
    const registry = namedTokens
    // One app per listener, built the same way: the LAN one differs only in its access policy and has no UI. Their
    // change streams count against one server's limits.
    const shares = eventStreamShares()
    const staff = await openStaffAccess(options.dataDir) // one set of members and sessions for both listeners
    const settings = new SettingsOwner(options.dataDir) // one owner of settings.json for both listeners
    const appFor = (access: AccessPolicy, lanAdmin: LanAdmin, stopping: AbortSignal, uiDir?: string) =>
      createApp({ store, settings, access, uiDir, events: { stopping, shares }, tokens: registry, lan: lanAdmin, staff })
    lan = new LanListener({
      dataDir: options.dataDir,
      namedTokens,
      token: tokens.current,
      ...(options.lanRetryMs === undefined ? {} : { retryMs: options.lanRetryMs }),
      // The LAN's streams also end when that listener alone closes (turned off or moved).
      createApp: (access, lanAdmin, stopping) => appFor(access, lanAdmin, AbortSignal.any([endStreams.signal, stopping]))
    })
    await lan.start()
    const access = new AccessPolicy({ token: tokens.current, refreshToken: tokens.refresh, host: options.host, namedTokens })
    server = await listenWithFallback(appFor(access, lan.admin, endStreams.signal, options.uiDir), options)
    access.listeningOn(server.port)
  } catch (error) {
    await lan?.close()
    tokens.close()
    await namedTokens?.close()
    await store.close()
    throw error
  }
  const lanListener = lan
  const baseUrl = apiBaseUrl(server.origin)
  // Where the owner's token comes from, so that `plant-store token` never prints a token file this server does not use.
  const ownerTokenFrom = options.token === undefined ? 'file' : 'environment'
  started.serverInfo = { pid: process.pid, port: server.port, baseUrl, holder: options.holder ?? 'plant-store serve', ownerTokenFrom }
  const serverFile = await writeServerFile(options.dataDir, started.serverInfo)
  // A start leaves the sales ledger on disk (a year of sales would slow it); the first sales request reads it, or this
  // warm-up a moment after the start has answered its first requests, in slices between requests, so the first sale
  // rarely waits for it. A damaged sales.jsonl is said here, and on each sales request.
  const warmUp = setTimeout(() => {
    store.ledger.load().catch((error: unknown) => console.error(`[plant-store] could not read the sales ledger: ${(error as Error).message}`))
  }, LEDGER_WARM_UP_MS)
  // Backups into the configured backup folder: at most daily while running, and one at every stop.
  const offsite = scheduleOffsiteBackups(options.dataDir)
  let releasing: Promise<void> | undefined
  let backingUp: Promise<void> | undefined
  const release = async () => {
    clearTimeout(warmUp)
    endStreams.abort()
    await Promise.all([server.close(), lanListener.close()])
    tokens.close()
    await namedTokens.close()
    await store.close()
    offsite.cancel()
    // A folder that turned read-only (or vanished) keeps server.json: say so, it is no failure to start.
    await rm(serverFile, { force: true }).catch((error: NodeJS.ErrnoException) => {
      console.error(
        `[plant-store] stopped, but could not remove ${serverFile} (${error.code ?? error.message}); it names this stopped process and is ignored at the next start.`
      )
    })
  }
  const released = () => (releasing ??= release())
  const backedUp = (onStart?: (dir: string) => void) => (backingUp ??= released().then(() => offsite.finish(onStart)))
  return {
    store,
    port: server.port,
    baseUrl,
    token: tokens.current,
    get lan() {
      return lanListener.current
    },
    uiUrl: () => uiUrl(options.host, server.port, tokens.current()),
    release: released,
    backUpAtStop: backedUp,
    stop: () => backedUp()
  }
}
