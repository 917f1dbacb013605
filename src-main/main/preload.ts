/**
 * Preload of the staff UI's window. The window is sandboxed, so this runs as
 * CommonJS (built to out/preload/index.cjs) with only Electron's renderer
 * modules. It exposes exactly the bridge — API address, token, version, and
 * the Export/Import file dialogs and label printing as fixed IPC calls — as
 * `window.plantStore`, and nothing of Electron or Node.
 */
import { contextBridge, ipcRenderer } from 'electron'
import {
  DESKTOP_BRIDGE_CHANNEL,
  DESKTOP_BRIDGE_GLOBAL,
  DESKTOP_FILE_CHANNELS,
  DESKTOP_LABEL_CHANNELS,
  type DesktopBridge,
  type DesktopBridgeInfo,
  type OpenedFile,
  type SavedFile
} from '#shared/desktop-bridge'
import type { PrintLayout } from '#shared/print-layouts'

// Synchronous on purpose: the UI reads window.plantStore in its first statement, before anything is awaited.
const bridge = ipcRenderer.sendSync(DESKTOP_BRIDGE_CHANNEL) as DesktopBridgeInfo | null

if (bridge) {
  // Copy the three fields, so nothing else the main process might add ever reaches the page.
  const { apiBaseUrl, token, version } = bridge
  // The page names no channel: it gets two functions, each sending its own fixed message.
  const saveFile = (suggestedName: string, data: Uint8Array) =>
    ipcRenderer.invoke(DESKTOP_FILE_CHANNELS.save, suggestedName, data) as Promise<SavedFile | null>
  const openFile = () => ipcRenderer.invoke(DESKTOP_FILE_CHANNELS.open) as Promise<OpenedFile | null>
  const printLabels = (layout: PrintLayout) => ipcRenderer.invoke(DESKTOP_LABEL_CHANNELS.print, layout) as Promise<{ error: string } | null>
  const saveLabelsPdf = (suggestedName: string, layout: PrintLayout) =>
    ipcRenderer.invoke(DESKTOP_LABEL_CHANNELS.pdf, suggestedName, layout) as Promise<SavedFile | null>
  const exposed = { apiBaseUrl, token, version, saveFile, openFile, printLabels, saveLabelsPdf } satisfies DesktopBridge
  contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_GLOBAL, Object.freeze(exposed))
}
