/**
 * The desktop app's wiring: data folder → service → window → menu → quit.
 * It starts the same service as `plant-store serve` (service.ts); every
 * decision lives in a plain module beside this one, this file only connects
 * them to Electron.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { app, BrowserWindow, ipcMain, Menu, powerSaveBlocker, session, shell } from 'electron'
import type { DesktopBridgeInfo } from '#shared/desktop-bridge'
import { FIRST_RUN_SCREEN } from '#shared/first-run'
import { DEFAULT_HOST, resolveDataDir, resolvePort, tokenFromEnv } from '#app/config'
import { DataFolderError, prepareDataFolder } from '#app/data-folder-checks'
import { startOnDataFolder, type FirstRun } from '#app/start-on-data-folder'
import type { LocalService, ServiceOptions } from '#app/service'
import { describeStartFailure } from '#app/start-failure'
import { onStopSignals, type SignalSource } from '#lib/stop-signals'
import { restoreFromBackup, takeOverDataDir } from '#store'
import { APP_USER_MODEL_ID } from './app-id'
import { serveBridge } from './bridge-ipc'
import { askAboutStartFailure, choose, serveNativeDialogs, tell, tellBackingUp } from './dialogs'
import { menuTemplate } from './menu'
import { createMenuActions } from './menu-actions'
import { createQuitGuard, type QuitGuard } from './quit-guard'
import { askRunningAppToQuit, asksToQuit, isQuitRequest, type ExitWait } from './quit-request'
import { KeepAwake, askBeforeClosing } from './serving-tills'
import { releaseDataFolderNow } from './session-end'
import { singleInstanceProblem } from './single-instance'
import { startWithRecovery } from './start-recovery'
import { originOf } from './url-policy'
import { guardAllWebContents, guardPermissions } from './web-guards'
import { createMainWindow, focusWindow, mainWindowTitle } from './window'

/** The page the window opens: the first-run screen while the computer is not set up, else the staff UI. */
export function pageUrlOf(page: string, firstRunPending: boolean): string {
  return firstRunPending ? `${page}#${FIRST_RUN_SCREEN.key}=${FIRST_RUN_SCREEN.value}` : page
}

/** How often the app looks whether tills connect (the LAN listener turned on or off in Settings), to keep awake. */
const TILLS_WATCH_MS = 5000

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
  /** Longest wait for the service to stop when quitting (default 10 s, see quit-guard.ts). */
  quitTimeLimitMs?: number
  /** Longest wait for the stop-time backup after that (default 2 minutes, see quit-guard.ts). */
  backupTimeLimitMs?: number
  /** Where stop signals arrive (the process; a stand-in in tests). */
  signals?: SignalSource
  /** Whether a folder can hold symbolic links (single-instance.ts; a stand-in in tests, where every disk can). */
  holdsLinks?: (dir: string) => boolean
  /**
   * On a data folder never set up (no catalogue, no pairing), open on the first-run screen instead of starting a
   * catalogue (the app's entry point asks for it; the tests of everything else start straight on a catalogue).
   */
  offerFirstRun?: boolean
  /** This launch's command line (process.argv by default), and how a `--quit` launch waits (quit-request.ts). */
  argv?: readonly string[]
  quitWait?: ExitWait
}

/** The running desktop app. */
export class DesktopApp {
  /** Data folder: PLANT_STORE_DATA, else the same default as `plant-store serve`. */
  readonly dataDir: string
  readonly version: string
  readonly #options: DesktopAppOptions
  readonly #quitGuard: QuitGuard
  #service: LocalService | undefined
  /** The first run in progress, while the window shows its screen. */
  #firstRun: FirstRun | undefined
  /** The service a quit has stopped, whose stop-time backup runs after it. */
  #stopped: LocalService | undefined
  #window: BrowserWindow | undefined
  /** A restart (around a restore) in progress: a quit waits for it. */
  #restarting: Promise<unknown> | undefined
  #stopRequested = false
  /** Set by the crash dialog's "Close window", or by "Keep serving the tills": the window goes, the app (and its API) stays. */
  #keepRunningWithoutWindow = false
  /** A quit is under way (before-quit): closing the windows is part of it, not a question. */
  #quitting = false
  /** Keeps the computer awake while it serves other tills (serving-tills.ts). */
  readonly #keepAwake = new KeepAwake(powerSaveBlocker)
  #tillsWatch: NodeJS.Timeout | undefined

  constructor(options: DesktopAppOptions) {
    this.#options = options
    this.version = options.version
    this.dataDir = path.resolve(resolveDataDir(undefined, options.env))
    this.#quitGuard = createQuitGuard({
      stop: () => this.#stopService(),
      afterStop: () => this.#backUpBeforeExit(),
      exit: (code) => app.exit(code),
      timeLimitMs: options.quitTimeLimitMs,
      afterStopTimeLimitMs: options.backupTimeLimitMs
    })
  }

  get #platform(): NodeJS.Platform {
    return this.#options.platform ?? process.platform
  }

  /** The running service, if any (none during a restart). */
  get service(): LocalService | undefined {
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
  bridge(): DesktopBridgeInfo | undefined {
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
    // The installer's `--quit` launch (quit-request.ts): asks the running app, waits for it to end, starts nothing.
    if (asksToQuit(this.#options.argv ?? process.argv))
      return app.exit(await askRunningAppToQuit({ dataDir: this.dataDir, lock: app, wait: this.#options.quitWait }))
    let isFirstInstance: boolean
    try {
      isFirstInstance = this.#claimDataFolder()
    } catch (error) {
      return this.#failToStart(error)
    }
    if (!isFirstInstance) {
      // On a drive without links the lock can never be taken: say why, instead of quitting without a word.
      const problem = singleInstanceProblem(this.dataDir, this.#platform, this.#options.holdsLinks)
      if (problem) return this.#failToStart(new DataFolderError(problem))
      // The first instance gets 'second-instance' and comes to the front; only a terminal sees this line.
      console.error(`Plant Store is already running on ${this.dataDir}; its window was brought to the front.`)
      app.quit()
      return
    }
    this.#listenToApp()
    await app.whenReady()
    // Only now: Electron installs its own SIGINT/SIGTERM/SIGHUP handlers just before 'ready' (replacing any
    // registered earlier), and they let the first signal quit but the second kill the app mid-stop. Node
    // listeners added after that replace Electron's, so every signal, repeated or not, reaches the quit guard.
    onStopSignals(() => app.quit(), this.#options.signals)
    try {
      guardPermissions(session.defaultSession, () => this.appOrigin())
      serveBridge(ipcMain, { appOrigin: () => this.appOrigin(), bridge: () => this.bridge() })
      serveNativeDialogs(
        ipcMain,
        () => this.appOrigin(),
        () => this.window
      )
      const actions = createMenuActions(this)
      Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions, { platform: this.#platform, devTools: !app.isPackaged })))
    } catch (error) {
      return this.#failToStart(error)
    }
    const service = await this.#startService()
    if (!service) {
      app.exit(1)
      return
    }
    this.#openWindow(service)
    this.#followTills()
  }

  /**
   * Everything Electron needs before 'ready': the data folder checked first
   * (Electron writes its single-instance lock there, and that lock answers
   * "another copy runs" for a folder it cannot write), Electron's own files
   * put inside it, and the single-instance lock. False for a second instance.
   */
  #claimDataFolder(): boolean {
    prepareDataFolder(this.dataDir, 'PLANT_STORE_DATA')
    // setPath throws for a folder that does not exist yet.
    const chromium = path.join(this.dataDir, 'chromium')
    mkdirSync(chromium, { recursive: true, mode: 0o700 })
    // Electron's own files (userData) go where the catalogue is, whatever the product name; Chromium's in a subfolder.
    app.setPath('userData', this.dataDir)
    app.setPath('sessionData', chromium)
    if (this.#platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)
    app.enableSandbox()
    return app.requestSingleInstanceLock()
  }

  /** A start that failed before any dialog could offer choices: says why in a native dialog (a double-clicked app has no terminal), then exits 1. */
  async #failToStart(error: unknown): Promise<void> {
    const known = describeStartFailure(error)
    if (!known) console.error('Plant Store could not start:', error)
    await app.whenReady()
    await tell('Plant Store cannot start.', known ?? `Unexpected error: ${error instanceof Error ? error.message : String(error)}`, 'error')
    app.exit(1)
  }

  #listenToApp(): void {
    // Only the main window's page may be the app's; every other contents (the API reference) may go nowhere.
    guardAllWebContents(app, (contents) => (contents === this.window?.webContents ? this.appOrigin() : undefined))
    // The installer's quit (quit-request.ts) takes the normal path and asks nothing: a question would hold the installer.
    app.on('second-instance', (_event, argv, _cwd, additionalData) => (isQuitRequest(argv, additionalData) ? app.quit() : this.showWindow()))
    // macOS: the Dock icon clicked while no window is open.
    app.on('activate', () => this.showWindow())
    app.on('window-all-closed', () => {
      // macOS apps stay in the Dock without windows; after the crash dialog's "Close window" the API stays for scripts.
      if (this.#keepRunningWithoutWindow || this.#platform === 'darwin') return
      app.quit()
    })
    app.on('before-quit', () => (this.#quitting = true))
    app.on('will-quit', (event) => {
      clearInterval(this.#tillsWatch)
      this.#keepAwake.update(false)
      this.#quitGuard.onWillQuit(event)
    })
  }

  /** Where other tills connect to this computer while its LAN listener is up; undefined when none can. */
  #tillsUrl(): string | undefined {
    const service = this.#service as { lan?: { url: string } } | undefined
    return service?.lan?.url
  }

  /**
   * Keeps the computer awake while tills connect to it, following the LAN listener (turned on and off in Settings
   * while the app runs) every few seconds: a computer asleep cuts the tills as a quit would.
   */
  #followTills(): void {
    const follow = () => this.#keepAwake.update(this.#tillsUrl() !== undefined)
    follow()
    this.#tillsWatch = setInterval(follow, TILLS_WATCH_MS)
    this.#tillsWatch.unref()
  }

  /** Brings the main window to the front, or opens it again when it was closed (a second launch, the Dock icon). */
  showWindow(): void {
    if (this.window) return focusWindow(this.window)
    if (this.#service && !this.#stopRequested) this.#openWindow(this.#service)
  }

  /**
   * Stops the service, runs `action` (e.g. a restore, which needs the folder's
   * lock), starts the service again and reloads the page. Resolves with what
   * the action reported, or throws its error after the service is back.
   */
  async restartService<T>(action: () => Promise<T>): Promise<T> {
    const restart = this.#restart(action)
    this.#restarting = restart.catch(() => undefined)
    try {
      return await restart
    } finally {
      this.#restarting = undefined
    }
  }

  async #restart<T>(action: () => Promise<T>): Promise<T> {
    const running = this.#service
    this.#service = undefined
    await running?.stop()
    let outcome: { value: T } | { error: unknown }
    try {
      outcome = { value: await action() }
    } catch (error) {
      outcome = { error }
    }
    // A quit asked for meanwhile has waited for the action; starting the service again would only delay it.
    const restarted = this.#stopRequested ? undefined : await this.#startService()
    if (!restarted) {
      if (!this.#stopRequested) app.quit()
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
    return pageUrlOf(this.#options.devServerUrl ?? `${this.appOrigin() ?? ''}/`, this.#firstRun?.pending() === true)
  }

  /** Starts the service, asking what to do while it is refused; undefined when the person chose to quit. */
  async #startService(): Promise<LocalService | undefined> {
    const env = this.#options.env
    const options: ServiceOptions = {
      dataDir: this.dataDir,
      host: DEFAULT_HOST,
      port: resolvePort(undefined, env),
      uiDir: this.#options.uiDir,
      token: tokenFromEnv(env),
      holder: DESKTOP_HOLDER,
      // The dev server's proxy points at the configured port, so development keeps it or says why it cannot.
      fallbackToFreePort: this.#options.devServerUrl === undefined
    }
    this.#firstRun = undefined
    const service = await startWithRecovery<LocalService>({
      dataDir: this.dataDir,
      start: async () => {
        // A paired till starts as a till, never as a catalogue of its own.
        const started = await startOnDataFolder({ ...options, offerFirstRun: this.#options.offerFirstRun })
        if (started.stage === 'first-run') this.#firstRun = started.service
        return started.service
      },
      ask: askAboutStartFailure,
      openFolder: async (dir) => {
        const problem = await shell.openPath(dir)
        if (problem) await tell('The data folder could not be opened.', `${dir}: ${problem}`, 'error')
      },
      restore: (dir, file) => restoreFromBackup(dir, file, { by: 'app' }),
      takeOver: takeOverDataDir,
      inform: (message, isError) => tell(isError ? 'Restore failed.' : 'Backup restored.', message, isError ? 'error' : 'info')
    })
    this.#service = service
    return service
  }

  async #stopService(): Promise<void> {
    this.#stopRequested = true
    // A quit during a restore waits for it: the restore then completes and the folder is consistent.
    await this.#restarting
    const running = this.#service
    this.#service = undefined
    this.#stopped = running
    // The folder only: the stop-time backup follows with a limit of its own (quit-guard.ts).
    await running?.release()
  }

  /** The stop-time backup into the backup folder, said in a box while it runs; "Quit now" ends the app without it. */
  async #backUpBeforeExit(): Promise<void> {
    await this.#stopped?.backUpAtStop((dir) => {
      tellBackingUp(dir).then(
        () => app.exit(0),
        (error: unknown) => console.error('Plant Store could not show the backup notice:', error)
      )
    })
  }

  #openWindow(service: LocalService): void {
    this.#keepRunningWithoutWindow = false
    const window = createMainWindow({
      preload: this.#options.preload,
      title: mainWindowTitle(service.baseUrl),
      reloadPage: () => this.reloadPage(),
      closingKeepsApp: () => (this.#keepRunningWithoutWindow = true)
    })
    // Windows logs off or shuts down without 'will-quit'. Asked first, the stop starts (and quits the app when done);
    // at the end, which the process does not survive, whatever is still held is released at once.
    window.on(
      'close',
      askBeforeClosing(window, {
        tillsUrl: () => this.#tillsUrl(),
        platform: this.#platform,
        quitting: () => this.#quitting,
        ask: (message, detail, buttons) => choose(message, detail, buttons, window),
        keepServing: () => (this.#keepRunningWithoutWindow = true),
        quit: () => app.quit()
      })
    )
    window.on('query-session-end', () => this.#quitGuard.beginStop())
    window.on('session-end', () => {
      if (!this.#quitGuard.stopped) releaseDataFolderNow(this.dataDir)
      app.exit(0)
    })
    this.#window = window
    this.reloadPage()
  }
}
