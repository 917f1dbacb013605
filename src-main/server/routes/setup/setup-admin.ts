/** What the setup routes are built over: what this computer is, and what it may still be told (setup/resource.ts). */
import type { ConnectRequest, SetupState } from '#shared/first-run'

/** What the routes need: the state, and the choices while they can be made. */
export interface SetupAdmin {
  state(): SetupState | Promise<SetupState>
  /** Starts the catalogue here: this computer is the shop's main computer. Absent once set up. */
  becomeMain?(): Promise<SetupState>
  /** Pairs with the main computer and becomes its till. Absent once set up. */
  connect?(request: ConnectRequest): Promise<SetupState>
  /** The main computer only: records the shop's set-up done (or skipped). */
  finishShopSetUp?(): Promise<SetupState>
}
