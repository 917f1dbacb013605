/**
 * The second listener, for the shop's other tills: TLS only, on the one address the owner set (lan.address), with
 * the same app as 127.0.0.1 over the same catalogue. Its access policy differs in what it lets in: its own
 * address as Host, https origins, only paired tills' tokens, and without a token nothing but the pairing.
 */
import type { H3 } from 'h3'
import type { LanState } from '#shared/lan'
import type { PlantStore } from '#store'
import { ensureLanCertificate, readLanCertificate } from '#auth/lan-certificate'
import type { NamedTokenRegistry } from '#auth/named-token-registry'
import { PairingCodes } from '#auth/pairing-codes'
import { PairingLimit } from '#auth/pairing-limit'
import { readLanSettings } from '#settings/lan-settings'
import type { LanAdmin } from '#server/routes/lan'
import { AccessPolicy } from '#server/security/access-policy'
import { listen, type ListeningServer } from '#server/start-server'

/** What the LAN listener shares with the loopback one. */
export interface LanListenerOptions {
  dataDir: string
  store: PlantStore
  namedTokens: NamedTokenRegistry
  /** The owner's token (never accepted on the LAN, but told apart from an unknown one). */
  token: () => string
  /** Builds the app over `access` exactly as for loopback, so both apply the same checks and limits. */
  createApp: (access: AccessPolicy, lan: LanAdmin) => H3
}

/** The LAN side of a running service: the routes' view of it, and the listener when it is up. */
export interface LanListener {
  admin: LanAdmin
  server?: ListeningServer
  fingerprint?: string
}

/**
 * The routes' view of the LAN listener of `dataDir`: its setting (read each time: a change waits for the next
 * start) and state; `running` tells whether the listener is up.
 */
export function lanAdminFor(
  dataDir: string,
  namedTokens: Pick<NamedTokenRegistry, 'add'>,
  running: () => { server?: ListeningServer } = () => ({})
): LanAdmin {
  return {
    dataDir,
    codes: new PairingCodes(),
    attempts: new PairingLimit(),
    addToken: (name, scope, kind) => namedTokens.add(name, scope, kind),
    async state(): Promise<LanState> {
      const [settings, certificate] = await Promise.all([readLanSettings(dataDir), readLanCertificate(dataDir)])
      const server = running().server
      return {
        ...settings,
        ...(server ? { url: server.origin } : {}),
        ...(certificate ? { fingerprint: certificate.fingerprint } : {}),
        listening: server !== undefined
      }
    }
  }
}

/**
 * Starts the LAN listener when an address is set. A listener that cannot start (the address is not this
 * computer's any more, the port is taken) is said on stderr and left off: the shop's own computer keeps working.
 */
export async function startLanListener(options: LanListenerOptions): Promise<LanListener> {
  const lan: LanListener = { admin: lanAdminFor(options.dataDir, options.namedTokens, () => lan) }
  const { address, port } = await readLanSettings(options.dataDir)
  if (address === undefined) return lan
  const certificate = await ensureLanCertificate(options.dataDir, address)
  const access = new AccessPolicy({ token: options.token, host: address, namedTokens: options.namedTokens, lan: true })
  try {
    lan.server = await listen(options.createApp(access, lan.admin), { host: address, port, tls: certificate })
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL' ? `${address} is not an address of this computer` : (error as Error).message
    console.error(`[plant-store] other tills cannot connect: ${why}. Change it with plant-store config set lan.address ADDRESS (and restart).`)
    return lan
  }
  access.listeningOn(lan.server.port)
  lan.fingerprint = certificate.fingerprint
  return lan
}
