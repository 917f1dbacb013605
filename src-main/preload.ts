/**
 * Preload of the staff UI's window. The window is sandboxed, so this runs as
 * CommonJS (built to out/preload/index.cjs) with only Electron's renderer
 * modules. It exposes exactly the bridge — API address, token, version — as
 * `window.plantStore`, and nothing of Electron or Node.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { DESKTOP_BRIDGE_CHANNEL, DESKTOP_BRIDGE_GLOBAL, type DesktopBridge } from '#shared/desktop-bridge'

// Synchronous on purpose: the UI reads window.plantStore in its first statement, before anything is awaited.
const bridge = ipcRenderer.sendSync(DESKTOP_BRIDGE_CHANNEL) as DesktopBridge | null

if (bridge) {
  // Copy the three fields, so nothing else the main process might add ever reaches the page.
  const { apiBaseUrl, token, version } = bridge
  contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_GLOBAL, Object.freeze({ apiBaseUrl, token, version } satisfies DesktopBridge))
}
