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
import { vi } from 'vitest'

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

export class FakeBrowserWindow extends EventEmitter {
  static readonly created: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  readonly loadURL = vi.fn(async (_url: string) => undefined)
  readonly setTitle = vi.fn()
  readonly show = vi.fn()
  readonly focus = vi.fn()
  readonly restore = vi.fn()
  readonly close = vi.fn()
  minimized = false
  destroyed = false

  constructor(readonly options: Record<string, unknown>) {
    super()
    FakeBrowserWindow.created.push(this)
  }

  isMinimized(): boolean {
    return this.minimized
  }

  isDestroyed(): boolean {
    return this.destroyed
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false
  singleInstance = true
  readonly paths = new Map<string, string>()
  readonly setPath = vi.fn((name: string, value: string) => void this.paths.set(name, value))
  readonly enableSandbox = vi.fn()
  readonly requestSingleInstanceLock = vi.fn(() => this.singleInstance)
  readonly whenReady = vi.fn(async () => undefined)
  readonly quit = vi.fn()
  readonly exit = vi.fn()
}

export const app = new FakeApp()
export const BrowserWindow = FakeBrowserWindow
export const ipcMain = new EventEmitter()
export const dialog = {
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] }))
}
export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
  openPath: vi.fn(async (_path: string) => ''),
  showItemInFolder: vi.fn()
}
export const clipboard = { writeText: vi.fn(async (_text: string) => undefined) }
export const session = {
  defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() }
}
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown) => ({ template })),
  setApplicationMenu: vi.fn()
}
export const contextBridge = { exposeInMainWorld: vi.fn() }
export const ipcRenderer = { sendSync: vi.fn() }

/** The options of a message box call, whichever overload (with or without a parent window) was used. */
export function messageBoxOptions(call: unknown[]): { buttons: string[]; message: string; detail?: string; type?: string; cancelId?: number; defaultId?: number } {
  return (call.length > 1 ? call[1] : call[0]) as never
}

/** Forgets every call, window and listener, for the next test. */
export function resetElectronFake(): void {
  vi.clearAllMocks()
  FakeBrowserWindow.created.length = 0
  app.removeAllListeners()
  app.paths.clear()
  app.singleInstance = true
  app.isPackaged = false
  ipcMain.removeAllListeners()
  dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }))
  dialog.showOpenDialog.mockImplementation(async () => ({ canceled: true, filePaths: [] }))
  shell.openPath.mockImplementation(async () => '')
}
