/**
 * Where other tills may connect: settings `lan.address` and `lan.port` of the data folder (settings.json),
 * changed with `plant-store config set lan.address 192.168.1.20` or PUT /v3/settings/lan (a running server moves
 * its listener at once). No address: the server listens on this computer only, as always.
 */
import { DEFAULT_LAN_PORT, lanAddressProblem, lanPortProblem } from '#shared/lan'
import { changeSettings, readSettings, writeSetting } from './settings'

/** The LAN listener's setting. */
export interface LanSettings {
  /** Absent: other tills may not connect. */
  address?: string
  port: number
}

/** The LAN setting as read, with what the file holds that no check would let in (left out of the setting), in words. */
export interface ReadLanSettings extends LanSettings {
  ignored: string[]
}

/**
 * The LAN setting of `dataDir`; a value the file holds but no check would let in (a file edited by hand: port 80,
 * address 0.0.0.0) counts as unset, and is named in `ignored` so the listener and `plant-store lan` can say so.
 */
export async function readLanSettings(dataDir: string): Promise<ReadLanSettings> {
  const settings = await readSettings(dataDir)
  const address = settings['lan.address']
  const port = settings['lan.port']
  const addressProblem = address === undefined ? undefined : lanAddressProblem(address)
  const portProblem = port === undefined ? undefined : lanPortProblem(port)
  const ignored = [
    ...(addressProblem
      ? [`lan.address ${JSON.stringify(address)} in settings.json is not used (${addressProblem}), so other tills may not connect`]
      : []),
    ...(portProblem
      ? [`lan.port ${JSON.stringify(port)} in settings.json is not used (${portProblem}); port ${DEFAULT_LAN_PORT} is used instead`]
      : [])
  ]
  return {
    ...(address !== undefined && addressProblem === undefined ? { address: address as string } : {}),
    port: port !== undefined && portProblem === undefined ? (port as number) : DEFAULT_LAN_PORT,
    ignored
  }
}

/** Keeps the LAN listener's address and (when given) port (the running listener is lan-listener.ts's). */
export async function writeLanSettings(dataDir: string, value: { address: string; port?: number }): Promise<void> {
  await changeSettings(dataDir, (settings) => {
    settings['lan.address'] = value.address
    if (value.port !== undefined) settings['lan.port'] = value.port
  })
}

/** Unsets the LAN listener's address (other tills may not connect); the port is kept for the next time. */
export function clearLanAddress(dataDir: string): Promise<void> {
  return writeSetting(dataDir, 'lan.address', undefined)
}
