import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { guardAllWebContents } from '#desktop/web-guards'
import { createMainWindow, focusWindow, openDocumentWindow, secureWebPreferences } from '#desktop/window'
import { FakeBrowserWindow, FakeWebContents, app, dialog, fakeEvent, resetElectronFake, shell } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

const APP = 'http://127.0.0.1:7420'

/** The main window, with the app-wide guards installed as the desktop app installs them (its page may show APP). */
function mainWindow(reloadPage = vi.fn(), closingKeepsApp = vi.fn()) {
  const made: { window?: FakeBrowserWindow } = {}
  guardAllWebContents(app as never, (contents) => ((contents as unknown) === made.window?.webContents ? APP : undefined))
  made.window = createMainWindow({
    preload: '/app/out/preload/index.cjs',
    title: 'Plant Store',
    reloadPage,
    closingKeepsApp
  }) as unknown as FakeBrowserWindow
  return { window: made.window, reloadPage, closingKeepsApp }
}

function navigate(window: FakeBrowserWindow, event: 'will-navigate' | 'will-redirect', url: string) {
  const navigation = fakeEvent({ url })
  window.webContents.emit(event, navigation)
  return navigation
}

describe('the main window', () => {
  beforeEach(() => resetElectronFake())
  afterEach(() => vi.useRealTimers())

  it('is created with the secure options of the Electron checklist', () => {
    const { window } = mainWindow()
    expect(window.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
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
      spellcheck: false
    })
    expect(window.options.show).toBe(false)
    window.emit('ready-to-show')
    expect(window.show).toHaveBeenCalled()
  })

  it('refuses navigation away from the app and opens web links in the browser instead', () => {
    const { window } = mainWindow()
    expect(navigate(window, 'will-navigate', `${APP}/?page=2`).defaultPrevented()).toBe(false)
    expect(navigate(window, 'will-navigate', 'https://example.org/care').defaultPrevented()).toBe(true)
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.org/care')
    expect(navigate(window, 'will-navigate', 'file:///etc/passwd').defaultPrevented()).toBe(true)
    expect(navigate(window, 'will-navigate', 'http://127.0.0.1:9999/').defaultPrevented()).toBe(true)
    expect(navigate(window, 'will-redirect', 'https://example.org/').defaultPrevented()).toBe(true)
    expect(shell.openExternal).toHaveBeenCalledTimes(2) // the file: link and the redirect were not handed on
  })

  it('never opens a new window; a web link goes to the browser', () => {
    const { window } = mainWindow()
    const open = window.webContents.openHandler!
    expect(open({ url: 'https://example.org/' })).toEqual({ action: 'deny' })
    expect(open({ url: `${APP}/` })).toEqual({ action: 'deny' })
    expect(open({ url: 'file:///tmp/evil.html' })).toEqual({ action: 'deny' })
    expect(shell.openExternal.mock.calls.map(([url]) => url)).toEqual(['https://example.org/', `${APP}/`])
    expect(FakeBrowserWindow.created).toHaveLength(1)
  })

  it('refuses <webview> and keeps the title with the API address', () => {
    const { window } = mainWindow()
    const attach = fakeEvent()
    window.webContents.emit('will-attach-webview', attach)
    expect(attach.defaultPrevented()).toBe(true)
    const title = fakeEvent()
    window.emit('page-title-updated', title, 'Plant Store')
    expect(title.defaultPrevented()).toBe(true)
  })

  it('reloads the page after the renderer crashed', () => {
    const { window, reloadPage } = mainWindow()
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 })
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })

  it('kills and reloads a renderer that hangs for 10 seconds', () => {
    vi.useFakeTimers()
    const { window, reloadPage } = mainWindow()
    window.emit('unresponsive')
    vi.advanceTimersByTime(10_000)
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalled()
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })

  it('asks instead of reloading a page that keeps crashing', async () => {
    const { window, reloadPage } = mainWindow()
    dialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: false })
    for (let i = 0; i < 4; i++) window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 })
    expect(reloadPage).toHaveBeenCalledTimes(3)
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(4)) // "Reload" chosen in the dialog
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1)
  })

  it('shows a hidden or minimised window before asking, so the dialog attached to it is seen', async () => {
    const { window } = mainWindow()
    window.minimized = true
    dialog.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false })
    for (let i = 0; i < 4; i++) window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 })
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(1))
    expect(window.restore).toHaveBeenCalled()
    const asked = dialog.showMessageBox.mock.invocationCallOrder[0]!
    expect(window.show.mock.invocationCallOrder.some((order) => order < asked)).toBe(true)
    expect(dialog.showMessageBox.mock.calls[0]?.[0]).toBe(window) // attached to the window, now visible
  })

  it('comes to the front when focused (a second launch)', () => {
    const { window } = mainWindow()
    window.minimized = true
    focusWindow(window as never)
    expect(window.restore).toHaveBeenCalled()
    expect(window.show).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
    focusWindow(undefined) // no window yet: nothing to do, no error
  })
})

describe('the document window (API reference)', () => {
  beforeEach(() => resetElectronFake())

  it('shows static HTML with JavaScript off, no preload and no way out', () => {
    guardAllWebContents(app as never, () => undefined)
    const window = openDocumentWindow('API', '<h1>API</h1>') as unknown as FakeBrowserWindow
    expect(window.options.webPreferences).toEqual({ ...secureWebPreferences(), javascript: false })
    expect(window.loadURL).toHaveBeenCalledWith(`data:text/html;charset=utf-8,${encodeURIComponent('<h1>API</h1>')}`)
    expect(navigate(window, 'will-navigate', 'http://127.0.0.1:7420/').defaultPrevented()).toBe(true)
    expect(window.webContents.openHandler!({ url: 'https://spec.openapis.org/' })).toEqual({ action: 'deny' })
  })
})

describe('guards for every web contents (web-contents-created)', () => {
  beforeEach(() => resetElectronFake())

  it('also guard contents made outside the app’s windows: no navigation, no new window, no <webview>', () => {
    guardAllWebContents(app as never, () => undefined)
    const other = new FakeWebContents()
    app.emit('web-contents-created', fakeEvent(), other)
    const navigation = fakeEvent({ url: 'https://example.org/' })
    other.emit('will-navigate', navigation)
    expect(navigation.defaultPrevented()).toBe(true)
    expect(other.openHandler!({ url: 'https://example.org/' })).toEqual({ action: 'deny' })
    const attach = fakeEvent()
    other.emit('will-attach-webview', attach)
    expect(attach.defaultPrevented()).toBe(true)
  })
})
