/**
 * The Settings dialog's "Let other tills connect": the listener on the shop's network (its address and port, started,
 * moved or stopped at once) and one-time pairing codes. The owner's page only; the form keeps what is typed.
 */
import { defineStore } from 'pinia'
import type { LanState, PairingCode } from '#shared/lan'
import { api } from '#renderer/api'

export const useLanStore = defineStore('lan', () => {
  /** The listener as the server has it now. */
  function settings(): Promise<LanState> {
    return api().lanSettings()
  }

  /** Listens at `address` (and `port`, when given) at once; the server refuses an address that is not this computer's. */
  function listen(address: string, port?: number): Promise<LanState> {
    return api().setLanSettings({ address, ...(port === undefined ? {} : { port }) })
  }

  /** Stops letting other tills connect. */
  function stop(): Promise<LanState> {
    return api().stopLan()
  }

  /** A one-time code a till pairs with. */
  function makePairingCode(): Promise<PairingCode> {
    return api().makePairingCode()
  }

  return { settings, listen, stop, makePairingCode }
})
