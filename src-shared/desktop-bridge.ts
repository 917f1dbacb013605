import type { PrintLayout } from './print-layouts'

/**
 * What the desktop app's preload script hands the UI as `window.plantStore`.
 * A plain browser has no such object: the UI then takes the token from the
 * address fragment (src-renderer/src/connection.ts).
 */

/** What the main process hands the preload: the connection and the version. */
export interface DesktopBridgeInfo {
  /** Base URL of the local API, ending in /v3 (the port may differ from 7420). */
  readonly apiBaseUrl: string
  /** The API token for `Authorization: Bearer …`, current when the page loaded (a reload picks up a rotated one). */
  readonly token: string
  /** The app's version, e.g. 0.1.0. */
  readonly version: string
}

/** A file the user picked in the native Open dialog: its name and bytes, or why it cannot be imported. */
export type OpenedFile = { name: string; data: Uint8Array } | { name: string; error: string }

/** Where the native Save dialog's file was written, or why it was not. */
export type SavedFile = { path: string } | { error: string }

/** The native file dialogs of the desktop app, for Export and Import (a browser uses a download and a file input). */
export interface DesktopFiles {
  /** Shows the native Save dialog offering `suggestedName` and writes `data` there; resolves null when cancelled. */
  saveFile(suggestedName: string, data: Uint8Array): Promise<SavedFile | null>
  /** Shows the native Open dialog for a CSV or JSON file; resolves with it, or null when cancelled. */
  openFile(): Promise<OpenedFile | null>
}

/** Label printing in the desktop app (a browser keeps window.print() and its own dialog's Save as PDF). */
export interface DesktopLabels {
  /**
   * Shows the native print dialog for the window's page (print CSS shows the labels alone) on `layout`'s paper;
   * resolves null once printed or cancelled.
   */
  printLabels(layout: PrintLayout): Promise<{ error: string } | null>
  /** Renders the page as a PDF of `layout`'s pages, shows the native Save dialog offering `suggestedName` and writes it there; null when cancelled. */
  saveLabelsPdf(suggestedName: string, layout: PrintLayout): Promise<SavedFile | null>
}

/** The object the preload exposes through contextBridge (the info, the file dialogs, label printing); nothing else of Electron reaches the page. */
export type DesktopBridge = DesktopBridgeInfo & DesktopFiles & DesktopLabels

/** Name of the global the preload defines: `window.plantStore`. */
export const DESKTOP_BRIDGE_GLOBAL = 'plantStore'

/** IPC channel on which the preload asks the main process for the bridge (answered only to the app's own page). */
export const DESKTOP_BRIDGE_CHANNEL = 'plant-store:bridge'

/** IPC channels of the file dialogs (invoke/handle; answered only to the app's own page). */
export const DESKTOP_FILE_CHANNELS = { save: 'plant-store:save-file', open: 'plant-store:open-file' } as const

/** IPC channels of label printing (invoke/handle; answered only to the app's own page). */
export const DESKTOP_LABEL_CHANNELS = { print: 'plant-store:print-labels', pdf: 'plant-store:save-labels-pdf' } as const
