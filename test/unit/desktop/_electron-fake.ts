/**
 * A stand-in for the `electron` module (whose binary cannot run in tests):
 * the few objects the main process uses, as event emitters and spies. A test
 * file mocks electron with it:
 *
 *   vi.mock('electron', () => import('./_electron-fake'))
 *
 * and imports the same objects from here to drive and inspect them.
 */
import { EventEmitter } from 'node:events'
import { vi, type Mock, type MockInstance } from 'vitest'
import { StandInApp, StandInWindow } from '../../process/fake-electron/lifecycle.mjs'

/** An Electron event: records preventDefault. */
export function fakeEvent<T extends object>(fields: T = {} as T): T & { preventDefault: ReturnType<typeof vi.fn>; defaultPrevented(): boolean } {
  const preventDefault = vi.fn()
  return Object.assign(fields, { preventDefault, defaultPrevented: () => preventDefault.mock.calls.length > 0 })
}

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

export class FakeWebContents extends EventEmitter {
  openHandler: OpenHandler | undefined
  readonly forcefullyCrashRenderer = vi.fn()
  readonly reload = vi.fn()
  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler
  }
}

export class FakeBrowserWindow extends StandInWindow {
  static readonly created: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  readonly loadURL = vi.fn(async (_url: string) => undefined)
  readonly setTitle = vi.fn()
  readonly show = vi.fn()
  readonly focus = vi.fn()
  readonly restore = vi.fn()
  minimized = false

  constructor(options: Record<string, unknown>) {
    super(app, options)
    FakeBrowserWindow.created.push(this)
    // Electron announces every new web contents app-wide while the window is being made.
    app.emit('web-contents-created', fakeEvent(), this.webContents)
    vi.spyOn(this as StandInWindow, 'close')
  }

  isMinimized(): boolean {
    return this.minimized
  }
}

/**
 * Electron's `app` with its real quit sequence (lifecycle.mjs): quit() emits
 * before-quit, closes the windows, then will-quit; exit() destroys them. Its
 * methods are spies that call through, so a test can both watch and replace them.
 */
class FakeApp extends StandInApp {
  readonly setAppUserModelId = vi.fn()
  readonly enableSandbox = vi.fn()
}

const SPIED = ['setPath', 'requestSingleInstanceLock', 'whenReady', 'quit', 'exit'] as const
type Spied = { [K in (typeof SPIED)[number]]: Mock<StandInApp[K]> }

export const app = new FakeApp() as FakeApp & Spied
spyOnApp()

/** (Re)installs the spies on the app's lifecycle methods, calling through to the real sequence. */
function spyOnApp(): void {
  for (const method of SPIED) {
    ;(app[method] as Partial<MockInstance>).mockRestore?.()
    vi.spyOn(app, method)
  }
}
export const BrowserWindow = FakeBrowserWindow
type IpcHandler = (event: unknown, ...args: unknown[]) => unknown

/** Electron's ipcMain: `on` listeners (an EventEmitter) and `handle`rs for invoke, one per channel as in Electron. */
class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, IpcHandler>()
  handle(channel: string, handler: IpcHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  /** What ipcRenderer.invoke(channel, ...args) from a page in `senderFrame` would resolve with. */
  async invoke(channel: string, senderFrame: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    return handler({ senderFrame }, ...args)
  }
}
export const ipcMain = new FakeIpcMain()
export const dialog = {
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
  showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: undefined as string | undefined }))
}
export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
  openPath: vi.fn(async (_path: string) => ''),
  showItemInFolder: vi.fn()
}
// Asynchronous since Electron 44 (a promise, like navigator.clipboard.writeText); a test can make it reject.
export const clipboard = { writeText: vi.fn(async (_text: string) => undefined) }
export const session = {
  defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() }
}
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown) => ({ template })),
  setApplicationMenu: vi.fn()
}
/** Electron's powerSaveBlocker: the ids of the blockers started and not stopped are `active`. */
export const powerSaveBlocker = {
  active: new Set<number>(),
  next: 1,
  start: vi.fn((_type: string) => {
    const id = powerSaveBlocker.next++
    powerSaveBlocker.active.add(id)
    return id
  }),
  stop: vi.fn((id: number) => void powerSaveBlocker.active.delete(id))
}
export const contextBridge = { exposeInMainWorld: vi.fn() }
export const ipcRenderer = { sendSync: vi.fn(), invoke: vi.fn(async (..._args: unknown[]) => null as unknown) }

/** The options of a message box call, whichever overload (with or without a parent window) was used. */
export function messageBoxOptions(call: unknown[]): {
  buttons: string[]
  message: string
  detail?: string
  type?: string
  cancelId?: number
  defaultId?: number
} {
  return (call.length > 1 ? call[1] : call[0]) as never
}

/** Forgets every call, window and listener, for the next test. */
export function resetElectronFake(): void {
  vi.clearAllMocks()
  spyOnApp()
  FakeBrowserWindow.created.length = 0
  app.windows.clear()
  app.removeAllListeners()
  app.paths.clear()
  Object.assign(app, {
    singleInstance: undefined,
    lockFile: undefined,
    isPackaged: false,
    ready: false,
    quitting: false,
    exiting: false,
    shutDown: false,
    exitCode: 0
  })
  ipcMain.removeAllListeners()
  ipcMain.handlers.clear()
  dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }))
  dialog.showOpenDialog.mockImplementation(async () => ({ canceled: true, filePaths: [] }))
  dialog.showSaveDialog.mockImplementation(async () => ({ canceled: true, filePath: undefined }))
  shell.openPath.mockImplementation(async () => '')
  powerSaveBlocker.active.clear()
}
