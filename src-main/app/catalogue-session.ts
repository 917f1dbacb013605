/**
 * How a command reaches the catalogue whether or not a server has it: the data
 * folder's lock decides. When the lock is free the command opens the folder
 * itself (and holds the lock meanwhile); when a server or the desktop app
 * holds it, the command talks to that server through server.json and the token.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { SERVER_FILE_NAME } from './service'
import { DataDirLockedError } from '#store/errors'
import { PlantStore } from '#store'
import { TOKEN_ENV, openTokenSource } from '#auth/token'

/** Where the catalogue is reached: a running server, or the folder opened by this process. */
export type CatalogueSession = { kind: 'server'; baseUrl: string; token: string } | { kind: 'local'; store: PlantStore }

async function readServerFile(dataDir: string): Promise<{ baseUrl: string } | undefined> {
  try {
    const info = JSON.parse(await readFile(path.join(dataDir, SERVER_FILE_NAME), 'utf8')) as { baseUrl?: unknown }
    return typeof info.baseUrl === 'string' ? { baseUrl: info.baseUrl } : undefined
  } catch {
    return undefined
  }
}

/** Runs `work` over the catalogue of `dataDir`, through the running server when there is one. */
export async function withCatalogue<T>(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  holder: string,
  work: (session: CatalogueSession) => Promise<T>
): Promise<T> {
  let store: PlantStore
  try {
    store = await PlantStore.open({ dir: dataDir, holder })
  } catch (error) {
    const server = error instanceof DataDirLockedError ? await readServerFile(dataDir) : undefined
    if (!server) throw error // held by another command, not a server: its message names the holder
    const tokens = await openTokenSource(dataDir, env[TOKEN_ENV])
    try {
      return await work({ kind: 'server', baseUrl: server.baseUrl, token: tokens.current() })
    } finally {
      tokens.close()
    }
  }
  try {
    return await work({ kind: 'local', store })
  } finally {
    await store.close()
  }
}
