/**
 * The desktop app's wiring: data folder → service → window → menu → quit.
 * It starts the same service as `plant-store serve` (service.ts); every
 * decision lives in a plain module beside this one, this file only connects
 * them to Electron.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { app, BrowserWindow, ipcMain, Menu, session, shell } from 'electron'
import type { DesktopBridge } from '../../src-shared/desktop-bridge'
import { DEFAULT_HOST, resolveDataDir, resolvePort, tokenFromEnv } from '../config'
import { startService, type RunningService } from '../service'
import { restoreFromBackup } from '../store/restore'
import { serveBridge } from './bridge-ipc'
import { askAboutStartFailure, tell } from './dialogs'
import { menuTemplate } from './menu'
import { createMenuActions } from './menu-actions'
import { createQuitGuard } from './quit-guard'
import { startWithRecovery } from './start-recovery'
import { originOf } from './url-policy'
import { denyAllPermissions } from './web-guards'
import { createMainWindow, focusWindow, mainWindowTitle } from './window'

/** Who holds the data folder while the app runs (named to a `plant-store serve` that is refused). */
export const DESKTOP_HOLDER = 'the Plant Store desktop app'

/** What the app needs from its entry point. */
export interface DesktopAppOptions {
  env: NodeJS.ProcessEnv
  version: string
  /** Built preload script (out/preload/index.cjs). */
  preload: string
  /** Built staff UI (out/renderer), served by the local server. */
  uiDir: string
  /** electron-vite's dev server (ELECTRON_RENDERER_URL) in development, which proxies /v3 to the API. */
  devServerUrl?: string
  platform?: NodeJS.Platform
}

/** The running desktop app. */
export class DesktopApp {
  /** Data folder: PLANT_STORE_DATA, else the same default as `plant-store serve`. */
  readonly dataDir: string
  readonly version: string
  readonly #options: DesktopAppOptions
  #service: RunningService | undefined
  #window: BrowserWindow | undefined

  constructor(options: DesktopAppOptions) {
    this.#options = options
    this.version = options.version
    this.dataDir = path.resolve(resolveDataDir(undefined, options.env))
  }

  /** The running service, if any (none during a restart). */
  get service(): RunningService | undefined {
    return this.#service
  }

  /** The staff UI's window, if open. */
  get window(): BrowserWindow | undefined {
    return this.#window && !this.#window.isDestroyed() ? this.#window : undefined
  }

  /** Origin the window shows and the bridge is handed to: the local server's, or the dev server's. */
  appOrigin(): string | undefined {
    if (this.#options.devServerUrl !== undefined) return originOf(this.#options.devServerUrl)
    return this.#service ? originOf(this.#service.baseUrl) : undefined
  }

  /** What the preload exposes to the page; undefined while no service runs. */
  bridge(): DesktopBridge | undefined {
    const service = this.#service
    if (!service) return undefined
    // In development the page comes from the dev server, which proxies /v3; same origin keeps CSP and Origin checks happy.
    const apiBaseUrl = this.#options.devServerUrl !== undefined ? new URL('/v3', this.#options.devServerUrl).href : service.baseUrl
    return { apiBaseUrl, token: service.token(), version: this.version }
  }

  /**
   * Runs the app: resolves once the window is open, or once the app has
   * decided to end (a second launch, or Quit at a refused start).
   */
  async run(): Promise<void> {
    // Created first with 0700 as the store would: Electron would otherwise create it (0755) for its single-instance lock.
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 })
    // Electron's own files (userData) go where the catalogue is, whatever the product name; Chromium's in a subfolder.
    app.setPath('userData', this.dataDir)
    app.setPath('sessionData', path.join(this.dataDir, 'chromium'))
    app.enableSandbox()
    if (!app.requestSingleInstanceLock()) {
      app.quit() // the first instance gets 'second-instance' and comes to the front
      return
    }
    app.on('second-instance', () => focusWindow(this.window))
    app.on('window-all-closed', () => app.quit())
    app.on('will-quit', createQuitGuard({ stop: () => this.#stopService(), exit: (code) => app.exit(code) }))
    await app.whenReady()
    denyAllPermissions(session.defaultSession)
    serveBridge(ipcMain, { appOrigin: () => this.appOrigin(), bridge: () => this.bridge() })
    const actions = createMenuActions(this)
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions, { platform: this.#options.platform ?? process.platform, devTools: !app.isPackaged })))
    const service = await this.#startService()
    if (!service) {
      app.exit(1)
      return
    }
    this.#openWindow(service)
  }

  /**
   * Stops the service, runs `action` (e.g. a restore, which needs the folder's
   * lock), starts the service again and reloads the page. Resolves with what
   * the action reported, or throws its error after the service is back.
   */
  async restartService<T>(action: () => Promise<T>): Promise<T> {
    const running = this.#service
    this.#service = undefined
    await running?.stop()
    let outcome: { value: T } | { error: unknown }
    try {
      outcome = { value: await action() }
    } catch (error) {
      outcome = { error }
    }
    const restarted = await this.#startService()
    if (!restarted) {
      app.quit()
    } else if (this.window) {
      this.window.setTitle(mainWindowTitle(restarted.baseUrl))
      this.reloadPage()
    }
    if ('error' in outcome) throw outcome.error
    return outcome.value
  }

  /** Loads the app's page again in its window (after a crash, a hang or a restart). */
  reloadPage(): void {
    // A load that fails or is cut short by the next one (ERR_ABORTED) must not become an unhandled rejection.
    this.window?.loadURL(this.#pageUrl()).catch((error: unknown) => console.error('The Plant Store page did not load:', error))
  }

  #pageUrl(): string {
    return this.#options.devServerUrl ?? `${this.appOrigin() ?? ''}/`
  }

  /** Starts the service, asking what to do while it is refused; undefined when the person chose to quit. */
  async #startService(): Promise<RunningService | undefined> {
    const env = this.#options.env
    const service = await startWithRecovery({
      dataDir: this.dataDir,
      start: () => {
        return startService({
          dataDir: this.dataDir,
          host: DEFAULT_HOST,
          port: resolvePort(undefined, env),
          uiDir: this.#options.uiDir,
          token: tokenFromEnv(env),
          holder: DESKTOP_HOLDER,
          // The dev server's proxy points at the configured port, so development keeps it or says why it cannot.
          fallbackToFreePort: this.#options.devServerUrl === undefined
        })
      },
      ask: askAboutStartFailure,
      openFolder: async (dir) => {
        const problem = await shell.openPath(dir)
        if (problem) await tell('The data folder could not be opened.', `${dir}: ${problem}`, 'error')
      },
      restore: restoreFromBackup,
      inform: (message, isError) => tell(isError ? 'Restore failed.' : 'Backup restored.', message, isError ? 'error' : 'info')
    })
    this.#service = service
    return service
  }

  async #stopService(): Promise<void> {
    const running = this.#service
    this.#service = undefined
    await running?.stop()
  }

  #openWindow(service: RunningService): void {
    this.#window = createMainWindow({
      preload: this.#options.preload,
      appOrigin: () => this.appOrigin(),
      title: mainWindowTitle(service.baseUrl),
      reloadPage: () => this.reloadPage()
    })
    this.reloadPage()
  }
}
