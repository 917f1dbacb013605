/**
 * The one way a command reaches the catalogue of a data folder. The folder's lock decides: when it is free the
 * command opens the folder itself (holding the lock meanwhile) and talks to that catalogue's own API in-process;
 * when a server or the desktop app holds it, the command talks to that server (found in its server.json, reached
 * with the owner's token). Either way the command has the same typed client, so both ways validate, answer and fail
 * alike; commands that stream (import, export) also get the opened store when there is no server. A command that only
 * reads takes no lock: it asks the server that holds the folder, else reads the folder read-only (ShopStore.openReadOnly),
 * so it works on a full disk, on a folder it may not write, and while another command holds the folder.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createApiClient, type ApiClient, type FetchLike } from '#shared/api-client'
import { tokenFromEnv } from './config'
import { AccessPolicy, CLIENT_HEADER, createApp } from '#server'
import { SERVER_FILE_NAME } from './service'
import { ShopStore, liveLockHolder } from '#store'
import { SettingsOwner } from '#settings/settings-owner'
import { DataDirLockedError } from '#store/errors'
import { isProcessAlive } from '#lib/process-identity'
import { TOKEN_ENV, checkToken, createToken, tokenFilePath } from '#auth/token'
import { AppError } from '#shared/app-error'

/** What server.json says about the server running on a folder. */
export interface RunningServerInfo {
  pid: number
  port: number
  baseUrl: string
  /** `environment` when the server was started with PLANT_STORE_TOKEN and so does not use the token file. */
  ownerTokenFrom?: 'environment' | 'file'
}

/** The owner's token could not be found; the message says where to get it. */
export class OwnerTokenError extends AppError {
  constructor(message: string) {
    super(message)
    this.name = 'OwnerTokenError'
  }
}

/** The server running on `dataDir`, or undefined when there is no server.json or its process is gone (killed). */
export async function findRunningServer(dataDir: string): Promise<RunningServerInfo | undefined> {
  let info: Partial<RunningServerInfo>
  try {
    info = JSON.parse(await readFile(path.join(dataDir, SERVER_FILE_NAME), 'utf8')) as Partial<RunningServerInfo>
  } catch {
    return undefined // none, or one being written this very moment: treated as not running yet
  }
  const complete = Number.isSafeInteger(info.pid) && Number.isSafeInteger(info.port) && typeof info.baseUrl === 'string'
  return complete && isProcessAlive(info.pid!) ? (info as RunningServerInfo) : undefined
}

/** The owner's token for `dataDir`: PLANT_STORE_TOKEN, else DIR/token. Never creates one. */
export async function ownerToken(dataDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const fromEnv = tokenFromEnv(env)
  if (fromEnv !== undefined) return fromEnv
  const file = tokenFilePath(dataDir)
  try {
    return checkToken(await readFile(file, 'utf8'), file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new OwnerTokenError(`there is no token file ${file}; if the server was started with ${TOKEN_ENV}, set the same variable for this command`)
  }
}

/** What a command does with the catalogue: `read` never takes the folder's lock nor writes in it. */
export type CatalogueUse = 'read' | 'write'

/** The command reaching the catalogue, as its folder's lock names it, and its use; a bare name is a command that writes. */
export type CatalogueUser = string | { holder: string; use: CatalogueUse }

/** `user` with its use spelled out. */
export function useOf(user: CatalogueUser): { holder: string; use: CatalogueUse } {
  return typeof user === 'string' ? { holder: user, use: 'write' } : user
}

/** A way to the catalogue, to be closed when done. */
export interface CatalogueConnection {
  /** The catalogue's API: the running server's, or the opened folder's own app called in-process. */
  client: ApiClient
  /** `server` when a running server answers, `folder` when the command opened the folder itself. */
  via: 'server' | 'folder'
  /** The opened catalogue, when `via` is `folder` (for commands that stream a whole catalogue). */
  store?: ShopStore
  close(): Promise<void>
}

// The folder's own app is called in-process; its access policy wants a port, and no socket has one.
const IN_PROCESS_PORT = 0

/** Every request names the CLI as the change log's actor (honoured for the owner's token only). */
const AS_CLI = { [CLIENT_HEADER]: 'cli' }

/** The catalogue's own app, in-process, with a token for this process alone (the app is never on a socket). */
function inProcessClient(store: ShopStore): ApiClient {
  const token = createToken()
  const access = new AccessPolicy({ token: () => token })
  access.listeningOn(IN_PROCESS_PORT)
  const app = createApp({ store, settings: new SettingsOwner(store.dir), access })
  const host = `127.0.0.1:${IN_PROCESS_PORT}`
  const fetch: FetchLike = (url, init) =>
    Promise.resolve(app.request(url, { ...init, headers: { ...(init.headers as Record<string, string>), host } }))
  return createApiClient({ baseUrl: `http://${host}/v3`, token, fetch, headers: AS_CLI })
}

/** The API of `running`, the server on `dataDir`, reached with the owner's token. */
async function serverClient(running: RunningServerInfo, dataDir: string, env: NodeJS.ProcessEnv): Promise<ApiClient> {
  return createApiClient({ baseUrl: running.baseUrl, token: await ownerToken(dataDir, env), headers: AS_CLI })
}

/** The API of the server running on `dataDir` (found in its server.json, reached with the owner's token), or undefined when none runs. */
export async function runningServerClient(dataDir: string, env: NodeJS.ProcessEnv): Promise<ApiClient | undefined> {
  const running = await findRunningServer(dataDir)
  return running && serverClient(running, dataDir, env)
}

/**
 * For a read: the server holding `dataDir` (its server.json names the live holder of the lock), else the folder
 * opened read-only. A server still starting (no server.json yet) or one killed (its lock left behind) is read around.
 */
async function reachToRead(dataDir: string, env: NodeJS.ProcessEnv): Promise<CatalogueConnection> {
  const [holder, running] = await Promise.all([liveLockHolder(dataDir), findRunningServer(dataDir)])
  if (holder && running?.pid === holder.pid) return { client: await serverClient(running, dataDir, env), via: 'server', close: async () => undefined }
  const store = await ShopStore.openReadOnly({ dir: dataDir })
  return { client: inProcessClient(store), via: 'folder', store, close: () => store.close() }
}

/**
 * Connects to the catalogue of `dataDir` (see the module comment); `user` names the command in the lock, so that
 * another process refused meanwhile is told who holds the folder. A folder with no catalogue gets a new, empty one:
 * commands that only look after an existing catalogue call requireCatalogue first. A user whose use is `read` takes
 * no lock and writes nothing (see reachToRead).
 */
export async function reachCatalogue(dataDir: string, env: NodeJS.ProcessEnv, user: CatalogueUser): Promise<CatalogueConnection> {
  const { holder, use } = useOf(user)
  if (use === 'read') return reachToRead(dataDir, env)
  let store: ShopStore
  try {
    store = await ShopStore.open({ dir: dataDir, holder })
  } catch (error) {
    const client = error instanceof DataDirLockedError ? await runningServerClient(dataDir, env) : undefined
    if (!client) throw error // held by another command, not a server: its message names the holder
    return { client, via: 'server', close: async () => undefined }
  }
  return { client: inProcessClient(store), via: 'folder', store, close: () => store.close() }
}

/** Runs `work` over the catalogue of `dataDir` (reached as {@link reachCatalogue} does), closing it afterwards. */
export async function withCatalogue<T>(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  user: CatalogueUser,
  work: (connection: CatalogueConnection) => Promise<T>
): Promise<T> {
  const connection = await reachCatalogue(dataDir, env, user)
  try {
    return await work(connection)
  } finally {
    await connection.close()
  }
}
