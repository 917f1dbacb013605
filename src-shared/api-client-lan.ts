/**
 * Several tills' part of the typed client (extensions): where other tills connect and the certificate's
 * fingerprint, and one-time pairing codes (owner only); on a paired till, its sales waiting to be sent; and on a
 * computer's first run, whether it is the main computer or connects to it as a till. createApiClient includes it.
 */
import { jsonOf, type SendRequest } from './api-request'
import { SETUP_PATHS, type ConnectRequest, type SetupState } from './first-run'
import { LAN_PATHS, TILL_PATHS, type LanState, type PairingCode, type RefusedSale, type TillOutboxState } from './lan'

/** The LAN listener's setting and pairing codes. */
export interface LanApi {
  /** Where other tills connect, whether that listener is up, and its certificate's fingerprint. */
  lanSettings(): Promise<LanState>
  /** Sets the address (and port) other tills connect to: the listener starts or moves there at once. */
  setLanSettings(settings: { address: string; port?: number }): Promise<LanState>
  /** Stops letting other tills connect: the listener closes at once. */
  stopLan(): Promise<LanState>
  /** A code that pairs one till within 10 minutes. */
  makePairingCode(): Promise<PairingCode>
  /** How many sales wait to be sent to the main computer: on a paired till; on the main computer `till` is false. */
  tillOutbox(): Promise<TillOutboxState>
  /** On a paired till: the sales the main computer refused, not yet dealt with. */
  refusedSales(): Promise<{ sales: RefusedSale[] }>
  /** On a paired till: marks a refused sale dealt with (entered by hand, or the money given back). */
  refusedSaleDealtWith(key: string): Promise<TillOutboxState>
  /** What this computer is: not set up yet (first run), the shop's main computer, or a till of it. */
  setupState(): Promise<SetupState>
  /** First run: this computer is the shop's main computer; its catalogue starts. */
  becomeMain(): Promise<SetupState>
  /** First run: pairs with the main computer (as `plant-store pair`) and makes this computer its till. */
  connectToMain(request: ConnectRequest): Promise<SetupState>
  /** The main computer: the shop's set-up is done (or skipped); it is not shown again (owner only). */
  finishShopSetUp(): Promise<SetupState>
}

/** The LAN operations over `send`. */
export function lanApi(send: SendRequest): LanApi {
  return {
    lanSettings: () => jsonOf<LanState>(send('GET', LAN_PATHS.lanSettings, undefined)),
    setLanSettings: (settings) => jsonOf<LanState>(send('PUT', LAN_PATHS.lanSettings, settings)),
    stopLan: () => jsonOf<LanState>(send('DELETE', LAN_PATHS.lanSettings, undefined)),
    makePairingCode: () => jsonOf<PairingCode>(send('POST', LAN_PATHS.pairingCodes, undefined)),
    tillOutbox: () => jsonOf<TillOutboxState>(send('GET', TILL_PATHS.outbox, undefined)),
    refusedSales: () => jsonOf<{ sales: RefusedSale[] }>(send('GET', TILL_PATHS.refused, undefined)),
    refusedSaleDealtWith: (key) => jsonOf<TillOutboxState>(send('POST', TILL_PATHS.dealtWith, { key })),
    setupState: () => jsonOf<SetupState>(send('GET', SETUP_PATHS.setup, undefined)),
    becomeMain: () => jsonOf<SetupState>(send('POST', SETUP_PATHS.main, undefined)),
    connectToMain: (request) => jsonOf<SetupState>(send('POST', SETUP_PATHS.connect, request)),
    finishShopSetUp: () => jsonOf<SetupState>(send('POST', SETUP_PATHS.shop, undefined))
  }
}
