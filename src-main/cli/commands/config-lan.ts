/**
 * `config set|unset lan.address|lan.port` while a server runs on the folder: the change goes through its API, so
 * its LAN listener starts, moves or stops at once, and a place it cannot listen on is refused in its words with
 * nothing changed. Without a running server the setting is only written, for the next start.
 */
import { DEFAULT_LAN_PORT, type LanState } from '#shared/lan'
import { runningServerClient } from '#app/reach-catalogue'
import { commandFailure } from '#cli/api-command'

/** The LAN listener after `key` was set to `value` (unset: undefined) on the running server; undefined when no server runs, or nothing listens to move. */
export async function changeLanOnServer(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  key: 'lan.address' | 'lan.port',
  value: string | number | undefined
): Promise<LanState | undefined> {
  const client = await runningServerClient(dataDir, env)
  if (client === undefined) return undefined
  try {
    if (key === 'lan.address') return await (value === undefined ? client.stopLan() : client.setLanSettings({ address: String(value) }))
    const { address } = await client.lanSettings()
    if (address === undefined) return undefined // nothing listens: the port is only kept
    return await client.setLanSettings({ address, port: value === undefined ? DEFAULT_LAN_PORT : Number(value) })
  } catch (error) {
    throw commandFailure(error)
  }
}

/** What the owner is told after a change on a running server. */
export function lanStateLine(state: LanState): string {
  return state.listening ? `Other tills connect at ${state.url} now.\n` : 'Other tills may not connect now.\n'
}
