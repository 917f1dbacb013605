/**
 * Starts and stops the whole service (store + HTTP server + runtime file).
 * Both entry points use it, the desktop app (index.ts) and the headless CLI
 * (cli.ts), so the two modes cannot drift apart.
 */
import { rm, writeFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { createApp } from './server/create-app'
import { apiBaseUrl, listen } from './server/start-server'
import { PlantStore } from './store/plant-store'

/** Name of the runtime file that tells scripts where the running server is. */
export const SERVER_FILE_NAME = 'server.json'

/** What to start. */
export interface ServiceOptions {
  dataDir: string
  host: string
  port: number
}

/** A running service. */
export interface RunningService {
  store: PlantStore
  port: number
  baseUrl: string
  /** Stops accepting requests, waits for writes in flight, removes server.json. */
  stop(): Promise<void>
}

async function writeServerFile(dataDir: string, info: { pid: number; port: number; baseUrl: string }): Promise<string> {
  const file = path.join(dataDir, SERVER_FILE_NAME)
  const temp = `${file}.tmp`
  await writeFile(temp, JSON.stringify(info, null, 2) + '\n', { mode: 0o600 })
  await rename(temp, file)
  return file
}

/** Opens the catalogue in `dataDir` and serves the API on `host:port`. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const store = await PlantStore.open({ dir: options.dataDir })
  let server
  try {
    server = await listen(createApp({ store }), { host: options.host, port: options.port })
  } catch (error) {
    await store.close()
    throw error
  }
  const baseUrl = apiBaseUrl(server.origin)
  const serverFile = await writeServerFile(options.dataDir, { pid: process.pid, port: server.port, baseUrl })
  let stopping: Promise<void> | undefined
  const stop = async () => {
    await server.close()
    await store.close()
    await rm(serverFile, { force: true })
  }
  return { store, port: server.port, baseUrl, stop: () => (stopping ??= stop()) }
}
