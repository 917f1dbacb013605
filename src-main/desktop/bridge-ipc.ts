/**
 * Hands the preload the bridge object ({ apiBaseUrl, token, version }) over
 * IPC, to the app's own page only. Asked for at each page load, so a reload
 * sees a rotated token or a new port. Not passed on the command line
 * (additionalArguments): any local account can read a process's arguments.
 * Also answers the page's Export and Import file dialogs, to that page only.
 */
import type { IpcMain, WebFrameMain } from 'electron'
import { DESKTOP_BRIDGE_CHANNEL, DESKTOP_FILE_CHANNELS, type DesktopBridgeInfo, type OpenedFile, type SavedFile } from '#shared/desktop-bridge'
import { readSaveRequest } from './transfer-files'

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
  bridge(): DesktopBridgeInfo | undefined
}

/** Answers the preload's synchronous request for the bridge; `null` to any sender that is not the app's page. */
export function serveBridge(ipcMain: IpcMain, source: BridgeSource): void {
  ipcMain.on(DESKTOP_BRIDGE_CHANNEL, (event) => {
    event.returnValue = isAppFrame(event.senderFrame, source.appOrigin()) ? (source.bridge() ?? null) : null
  })
}

/** What the file dialog channels do once the sender is known to be the app's page (dialogs.ts: Electron's native dialogs). */
export interface FileDialogHandlers {
  save(name: string, data: Uint8Array): Promise<SavedFile | null>
  open(): Promise<OpenedFile | null>
}

/**
 * Answers the page's "save this export" and "open a file to import": a native
 * dialog for the app's page, null (no dialog, nothing read or written) for any
 * other sender, and a refusal for a save whose name or bytes are not sane.
 */
export function serveFileDialogs(ipcMain: IpcMain, appOrigin: () => string | undefined, files: FileDialogHandlers): void {
  ipcMain.handle(DESKTOP_FILE_CHANNELS.save, async (event, name: unknown, data: unknown) => {
    if (!isAppFrame(event.senderFrame, appOrigin())) return null
    const request = readSaveRequest(name, data)
    return request ? files.save(request.name, request.data) : { error: 'the export was refused: not a plain .csv or .json file name, or too big' }
  })
  ipcMain.handle(DESKTOP_FILE_CHANNELS.open, async (event) => (isAppFrame(event.senderFrame, appOrigin()) ? files.open() : null))
}
