/**
 * The app's windows: the staff UI and the API reference, both locked down as
 * Electron's security checklist asks (their navigation is guarded app-wide:
 * guardAllWebContents in web-guards.ts). Do not loosen these options (no
 * `sandbox: false` as in electron-vite's template): the page needs nothing
 * from Node, only the small object the preload hands over.
 */
import { BrowserWindow, dialog, type WebPreferences } from 'electron'
import { RendererWatchdog } from './renderer-watchdog'

/** Web preferences of every Plant Store window. `preload` only for the staff UI. */
export function secureWebPreferences(preload?: string): WebPreferences {
  return {
    ...(preload === undefined ? {} : { preload }),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    // Chromium's spellchecker downloads dictionaries from the internet; the app works offline.
    spellcheck: false
  }
}

/** The title of the main window: the API address, so staff can read it off for scripts. */
export function mainWindowTitle(apiBaseUrl: string): string {
  return `Plant Store — API at ${apiBaseUrl}`
}

/** What the main window needs. */
export interface MainWindowOptions {
  /** Built preload script (out/preload/index.cjs). */
  preload: string
  title: string
  /** Reloads the app's page: called after a crash or a hang. */
  reloadPage(window: BrowserWindow): void
  /** Called just before the crash dialog's "Close window" closes the window: the app keeps running without it. */
  closingKeepsApp(): void
}

/** Creates the staff UI's window (shown once its page is ready). */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 640,
    minHeight: 480,
    show: false,
    title: options.title,
    backgroundColor: '#f6f8f4',
    webPreferences: secureWebPreferences(options.preload)
  })
  const contents = window.webContents
  // Keep our title (with the API address) instead of the page's <title>.
  window.on('page-title-updated', (event) => event.preventDefault())
  window.once('ready-to-show', () => window.show())
  const watchdog = new RendererWatchdog({
    reload: () => options.reloadPage(window),
    kill: () => contents.forcefullyCrashRenderer(),
    giveUp: () =>
      offerReload(window, watchdog, options).catch((error: unknown) => console.error('Plant Store could not ask about the window:', error))
  })
  contents.on('render-process-gone', (_event, details) => {
    if (!window.isDestroyed()) watchdog.gone(details.reason)
  })
  window.on('unresponsive', () => watchdog.unresponsive())
  window.on('responsive', () => watchdog.responsive())
  window.on('closed', () => watchdog.dispose())
  return window
}

/** The page died several times in a row: ask instead of reloading in a loop. The API keeps running meanwhile. */
async function offerReload(window: BrowserWindow, watchdog: RendererWatchdog, options: MainWindowOptions): Promise<void> {
  if (window.isDestroyed()) return
  // The box is attached to the window (a sheet on macOS): on a hidden or minimised window nobody would see it.
  focusWindow(window)
  const { response } = await dialog.showMessageBox(window, {
    type: 'error',
    message: 'The Plant Store window keeps stopping.',
    detail:
      'The catalogue and its API are not affected and keep running. Reload the window to try again, or close it: ' +
      'scripts can still use the API, and opening Plant Store again brings the window back.',
    buttons: ['Reload', 'Close window'],
    defaultId: 0,
    cancelId: 1,
    noLink: true
  })
  if (window.isDestroyed()) return
  if (response === 0) {
    watchdog.reset()
    options.reloadPage(window)
  } else {
    // Only the window: quitting would also stop the API the dialog has just promised keeps running.
    options.closingKeepsApp()
    window.close()
  }
}

/** Brings `window` to the front (a second launch of the app lands here). */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (!window || window.isDestroyed()) return
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}

/**
 * Opens a read-only window showing `html` (no script runs in it, no preload,
 * no navigation), as a child of `parent`: it closes with the main window, so
 * it can never be what keeps the app running once the main window is gone.
 */
export function openDocumentWindow(title: string, html: string, parent?: BrowserWindow): BrowserWindow {
  const window = new BrowserWindow({
    width: 900,
    height: 760,
    title,
    ...(parent ? { parent } : {}),
    webPreferences: { ...secureWebPreferences(), javascript: false }
  })
  // Explicitly too: whether a platform closes child windows with their parent is not something to rely on.
  parent?.once('closed', () => {
    if (!window.isDestroyed()) window.close()
  })
  window.on('page-title-updated', (event) => event.preventDefault())
  window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`).catch((error: unknown) => console.error(`${title} did not load:`, error))
  return window
}
