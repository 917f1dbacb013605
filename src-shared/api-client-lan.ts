/**
 * Several tills' part of the typed client (extensions, owner only): where other tills connect and the
 * certificate's fingerprint, and one-time pairing codes. createApiClient includes it.
 */
import { jsonOf, type SendRequest } from './api-request'
import { LAN_PATHS, type LanState, type PairingCode } from './lan'

/** The LAN listener's setting and pairing codes. */
export interface LanApi {
  /** Where other tills connect, whether that listener is up, and its certificate's fingerprint. */
  lanSettings(): Promise<LanState>
  /** Sets the address (and port) other tills connect to; takes effect at the next start. */
  setLanSettings(settings: { address: string; port?: number }): Promise<LanState>
  /** A code that pairs one till within 10 minutes. */
  makePairingCode(): Promise<PairingCode>
}

/** The LAN operations over `send`. */
export function lanApi(send: SendRequest): LanApi {
  return {
    lanSettings: () => jsonOf<LanState>(send('GET', LAN_PATHS.lanSettings, undefined)),
    setLanSettings: (settings) => jsonOf<LanState>(send('PUT', LAN_PATHS.lanSettings, settings)),
    makePairingCode: () => jsonOf<PairingCode>(send('POST', LAN_PATHS.pairingCodes, undefined))
  }
}
