/**
 * Hands the preload the bridge object ({ apiBaseUrl, token, version }) over
 * IPC, to the app's own page only. Asked for at each page load, so a reload
 * sees a rotated token or a new port. Not passed on the command line
 * (additionalArguments): any local account can read a process's arguments.
 */
import type { IpcMain, WebFrameMain } from 'electron'
import { DESKTOP_BRIDGE_CHANNEL, type DesktopBridge } from '#shared/desktop-bridge'

/**
 * True when `frame` is the top frame of a page from `appOrigin`. A frame of
 * another origin (a page that got in somehow, an iframe) gets nothing: the
 * token would let it change the catalogue.
 */
export function isAppFrame(frame: Pick<WebFrameMain, 'origin' | 'parent'> | null, appOrigin: string | undefined): boolean {
  return frame !== null && frame.parent === null && appOrigin !== undefined && frame.origin === appOrigin
}

/** What {@link serveBridge} answers with. */
export interface BridgeSource {
  /** Origin of the app's page (http://127.0.0.1:PORT); undefined while no service runs. */
  appOrigin(): string | undefined
  /** The bridge for the running service; undefined while none runs. */
  bridge(): DesktopBridge | undefined
}

/** Answers the preload's synchronous request for the bridge; `null` to any sender that is not the app's page. */
export function serveBridge(ipcMain: IpcMain, source: BridgeSource): void {
  ipcMain.on(DESKTOP_BRIDGE_CHANNEL, (event) => {
    event.returnValue = isAppFrame(event.senderFrame, source.appOrigin()) ? (source.bridge() ?? null) : null
  })
}
