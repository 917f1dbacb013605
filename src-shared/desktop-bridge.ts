/**
 * What the desktop app's preload script hands the UI as `window.plantStore`.
 * A plain browser has no such object: the UI then takes the token from the
 * address fragment (src-renderer/src/connection.ts).
 */

/** The object the preload exposes through contextBridge; nothing else of Electron reaches the page. */
export interface DesktopBridge {
  /** Base URL of the local API, ending in /v3 (the port may differ from 7420). */
  readonly apiBaseUrl: string
  /** The API token for `Authorization: Bearer …`, current when the page loaded (a reload picks up a rotated one). */
  readonly token: string
  /** The app's version, e.g. 0.1.0. */
  readonly version: string
}

/** Name of the global the preload defines: `window.plantStore`. */
export const DESKTOP_BRIDGE_GLOBAL = 'plantStore'

/** IPC channel on which the preload asks the main process for the bridge (answered only to the app's own page). */
export const DESKTOP_BRIDGE_CHANNEL = 'plant-store:bridge'
