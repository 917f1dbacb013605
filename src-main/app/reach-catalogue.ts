/**
 * How a command reaches the catalogue of a data folder: through the server
 * that runs on it (found in its server.json, reached with the owner's token),
 * or, when nothing runs there, by opening the folder itself under its lock.
 * Either way the command talks to the same API through the typed client, so
 * both ways validate, answer and fail alike.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createApiClient, type ApiClient, type FetchLike } from '#shared/api-client'
import { requireCatalogue } from './catalogue-folder'
import { tokenFromEnv } from './config'
import { AccessPolicy } from '#server/security/access-policy'
import { CLIENT_HEADER } from '#server/security/actor'
import { createApp } from '#server/create-app'
import { SERVER_FILE_NAME } from './service'
import { PlantStore } from '#store'
import { isProcessAlive } from '#lib/process-identity'
import { TOKEN_ENV, checkToken, createToken, tokenFilePath } from '#auth/token'

/** What server.json says about the server running on a folder. */
export interface RunningServerInfo {
  pid: number
  port: number
  baseUrl: string
}

/** The owner's token could not be found; the message says where to get it. */
export class OwnerTokenError extends Error {
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

/** A way to the catalogue, to be closed when done. */
export interface CatalogueConnection {
  client: ApiClient
  /** `server` when a running server answers, `folder` when the command opened the folder itself. */
  via: 'server' | 'folder'
  close(): Promise<void>
}

// The folder's own app is called in-process; its access policy wants a port, and no socket has one.
const IN_PROCESS_PORT = 0

/** `fetch` with the header that has the command's changes logged as made by `cli`. */
function asCli(fetch: FetchLike): FetchLike {
  return (url, init) => fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), [CLIENT_HEADER]: 'cli' } })
}

/** Connects to the catalogue of `dataDir` (see the module comment). */
export async function connectToCatalogue(dataDir: string, env: NodeJS.ProcessEnv): Promise<CatalogueConnection> {
  requireCatalogue(dataDir)
  const running = await findRunningServer(dataDir)
  if (running) {
    const client = createApiClient({ baseUrl: running.baseUrl, token: await ownerToken(dataDir, env), fetch: asCli(globalThis.fetch) })
    return { client, via: 'server', close: async () => undefined }
  }
  // Throws DataDirLockedError, naming the holder, if another process has the folder without serving it.
  const store = await PlantStore.open({ dir: dataDir, holder: 'a plant-store plants command' })
  const token = createToken() // for this process alone: the app is never on a socket
  const access = new AccessPolicy({ token: () => token })
  access.listeningOn(IN_PROCESS_PORT)
  const app = createApp({ store, access })
  const host = `127.0.0.1:${IN_PROCESS_PORT}`
  const client = createApiClient({
    baseUrl: `http://${host}/v3`,
    token,
    fetch: asCli((url, init) => Promise.resolve(app.request(url, { ...init, headers: { ...(init.headers as Record<string, string>), host } })))
  })
  return { client, via: 'folder', close: () => store.close() }
}
