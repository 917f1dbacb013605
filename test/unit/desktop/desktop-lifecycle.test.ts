/**
 * The desktop app's life as Electron runs it, on the stand-in's real quit
 * sequence (test/process/fake-electron/lifecycle.mjs): what happens before
 * 'ready', at quit, at the end of a Windows session, and to its windows.
 */
import { EventEmitter } from 'node:events'
import { chownSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import path from 'node:path'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { APP_USER_MODEL_ID } from '#desktop/app-id'
import type { DesktopApp } from '#desktop/desktop-app'
import { createMenuActions } from '#desktop/menu-actions'
import { userName } from '#store/folder/data-folder-trust'
import { requestHeldOpen } from '#setup/raw-http'
import { makeTempDir } from '#setup/temp-dir'
import { freePort } from '#setup/lan'
import { writeLanSettings } from '#settings/lan-settings'
import { StandInApp } from '../../process/fake-electron/lifecycle.mjs'
import { mainWindow, runDesktop } from './_desktop'
import { FakeBrowserWindow, app, dialog, fakeEvent, messageBoxOptions, powerSaveBlocker, resetElectronFake } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

/** Every message box shown, with whether the app was ready and how many windows were open at the time. */
function recordDialogs() {
  const shown: Array<ReturnType<typeof messageBoxOptions> & { ready: boolean; windowsOpen: number }> = []
  dialog.showMessageBox.mockImplementation(async (...args: unknown[]) => {
    shown.push({ ...messageBoxOptions(args), ready: app.ready, windowsOpen: app.windows.size })
    return { response: 0, checkboxChecked: false }
  })
  return shown
}

/** The app's lifecycle events, in order. */
function recordLifecycle() {
  const events: string[] = []
  for (const name of ['before-quit', 'window-all-closed', 'will-quit', 'quit']) app.prependListener(name, () => events.push(name))
  return events
}

/** Holds the service's stop: a request whose body never finishes keeps the server's graceful close waiting. */
async function holdStop(desktop: DesktopApp): Promise<Socket> {
  const socket = await requestHeldOpen(desktop.service!.port)
  onTestFinished(() => void socket.destroy())
  return socket
}

describe('before ready: a start that fails says why in a dialog, never vanishes', () => {
  beforeEach(() => resetElectronFake())

  it('a data folder path that names a file: the CLI’s words, after ready, then exit 1', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'catalogue')
    writeFileSync(file, '')
    const shown = recordDialogs()
    await runDesktop(file)
    expect(shown).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'Plant Store cannot start.',
        detail: `${file} is a file, not a folder; PLANT_STORE_DATA must name a folder (it is created if missing)`,
        ready: true,
        windowsOpen: 0
      })
    ])
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(app.setPath).not.toHaveBeenCalled()
    expect(app.requestSingleInstanceLock).not.toHaveBeenCalled()
  })

  it('a path through a file is named the same way', async () => {
    const dir = await makeTempDir()
    writeFileSync(path.join(dir, 'file'), '')
    const shown = recordDialogs()
    await runDesktop(path.join(dir, 'file', 'plants'))
    expect(shown[0]?.detail).toBe(
      `${path.join(dir, 'file')} (in the path ${path.join(dir, 'file', 'plants')}) is a file, not a folder; PLANT_STORE_DATA must name a folder (it is created if missing)`
    )
    expect(app.exit).toHaveBeenCalledWith(1)
  })

  it.skipIf(process.getuid?.() !== 0)('another user’s folder is refused before Electron writes its lock there', async () => {
    const dir = path.join(await makeTempDir(), 'theirs')
    mkdirSync(dir)
    chownSync(dir, 65534, 65534)
    const shown = recordDialogs()
    await runDesktop(dir)
    expect(shown[0]?.detail).toBe(
      `Refusing to use the data folder ${dir}: ${dir} belongs to ${userName(65534)}, not to ${userName(0)} who runs Plant Store. ` +
        `Start Plant Store as ${userName(65534)}, or choose a folder of your own with PLANT_STORE_DATA.`
    )
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(readdirSync(dir)).toEqual([]) // no SingletonLock, no chromium/ of ours in their folder
  })

  it('an unexpected error before ready (Electron refusing a path) is shown too, in words', async () => {
    const dir = await makeTempDir()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    app.setPath.mockImplementationOnce(() => {
      throw new Error('Failed to set path')
    })
    const shown = recordDialogs()
    await runDesktop(dir)
    expect(shown[0]).toMatchObject({ message: 'Plant Store cannot start.', detail: 'Unexpected error: Failed to set path', ready: true })
    expect(app.exit).toHaveBeenCalledWith(1)
  })

  it('creates DATA/chromium before handing it to setPath (the stand-in, like Electron, refuses a missing folder)', async () => {
    expect(() => new StandInApp().setPath('sessionData', '/no/such/folder')).toThrow('Failed to set path')
    const dir = await makeTempDir()
    await runDesktop(dir)
    expect(app.paths.get('sessionData')).toBe(path.join(dir, 'chromium'))
    expect(app.paths.get('userData')).toBe(dir)
    // …and both before ready: afterwards Electron ignores them (the stand-in throws).
    expect(() => app.setPath('userData', dir)).toThrow(/after 'ready'/)
  })

  it('a single-instance lock held by a running process means another copy: quit quietly (it comes to the front)', async () => {
    const dir = await makeTempDir()
    symlinkSync('host-1', path.join(dir, 'SingletonLock')) // pid 1 always runs
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const shown = recordDialogs()
    const desktop = await runDesktop(dir)
    expect(app.requestSingleInstanceLock).toHaveReturnedWith(false)
    expect(app.quit).toHaveBeenCalled()
    expect(desktop.service).toBeUndefined()
    expect(shown).toEqual([])
  })

  it('a data folder on a drive without symbolic links (FAT, some shares): says why and what to do, exit 1, instead of quitting silently', async () => {
    const dir = await makeTempDir()
    const shown = recordDialogs()
    app.singleInstance = false // Chromium's SingletonLock is a link, which cannot be made on that drive
    const desktop = await runDesktop(dir, { holdsLinks: () => false })
    expect(desktop.service).toBeUndefined()
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(shown).toEqual([
      expect.objectContaining({
        message: 'Plant Store cannot start.',
        detail: expect.stringContaining(`The data folder ${dir} is on a drive that cannot hold symbolic links`) as string
      })
    ])
    expect(shown[0]?.detail).toMatch(/Keep the data folder on this computer’s own disk/)
  })

  it('names itself to Windows (taskbar, notifications) with the installer’s appId, before ready', async () => {
    let idBeforeReady: unknown
    app.whenReady.mockImplementationOnce(async () => {
      idBeforeReady = app.setAppUserModelId.mock.calls[0]?.[0]
      return StandInApp.prototype.whenReady.call(app)
    })
    await runDesktop(await makeTempDir(), { platform: 'win32' })
    expect(idBeforeReady).toBe(APP_USER_MODEL_ID)
    resetElectronFake()
    await runDesktop(await makeTempDir(), { platform: 'linux' })
    expect(app.setAppUserModelId).not.toHaveBeenCalled()
  })
})

describe('quitting', () => {
  beforeEach(() => resetElectronFake())

  it('listens for stop signals only once ready, and every repeat reaches the quit guard', async () => {
    const signals = new EventEmitter()
    let listenersAtReady = -1
    app.whenReady.mockImplementationOnce(async () => {
      listenersAtReady = signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM') + signals.listenerCount('SIGHUP')
      return StandInApp.prototype.whenReady.call(app)
    })
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { signals })
    expect(listenersAtReady).toBe(0)
    const socket = await holdStop(desktop)
    for (const signal of ['SIGINT', 'SIGINT', 'SIGTERM', 'SIGHUP']) signals.emit(signal, signal)
    expect(app.quit).toHaveBeenCalledTimes(4)
    expect(app.exit).not.toHaveBeenCalled() // still stopping: the request in flight is being answered
    socket.destroy()
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('runs Electron’s sequence: before-quit, the window closes, will-quit held until stopped, then exit 0', async () => {
    const dir = await makeTempDir()
    await runDesktop(dir)
    const events = recordLifecycle()
    const window = mainWindow()
    app.quit()
    expect(window.isDestroyed()).toBe(true)
    expect(events).toEqual(['before-quit', 'will-quit'])
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(events).toEqual(['before-quit', 'will-quit', 'quit'])
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
  })

  it('closing the window quits on Windows and Linux (window-all-closed, then the same careful stop)', async () => {
    const dir = await makeTempDir()
    await runDesktop(dir)
    const events = recordLifecycle()
    mainWindow().close()
    expect(events.slice(0, 3)).toEqual(['window-all-closed', 'before-quit', 'will-quit'])
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('gives up on a hung stop after the time limit: exit 1, so no invisible process keeps the single-instance lock', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { quitTimeLimitMs: 200 })
    const socket = await holdStop(desktop)
    app.quit()
    await expect.poll(() => app.exit).toHaveBeenCalledWith(1)
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/did not stop within 0.2 s; quitting anyway/))
    socket.destroy() // (in a real app the process is gone by now; here the stop finishes before the folder is removed)
    await expect.poll(() => existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('a quit during a restore waits for the restore, then stops without starting the service again', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir)
    let finishRestore!: () => void
    const restoring = desktop.restartService(() => new Promise<string>((resolve) => (finishRestore = () => resolve('restored'))))
    await expect.poll(() => finishRestore).toBeDefined()
    const events = recordLifecycle()
    app.quit()
    // The quit reached its stop: without the wait for the restore, the exit would follow within the same turn.
    await expect.poll(() => events).toContain('will-quit')
    await new Promise((resolve) => setImmediate(resolve))
    expect(app.exit).not.toHaveBeenCalled()
    finishRestore()
    await expect(restoring).resolves.toBe('restored')
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(desktop.service).toBeUndefined()
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })
})

describe('the end of a Windows session (log off, shut down)', () => {
  beforeEach(() => resetElectronFake())

  it('asked first (query-session-end), starts the careful stop, which quits when done', async () => {
    const dir = await makeTempDir()
    await runDesktop(dir, { platform: 'win32' })
    const query = fakeEvent({ reasons: ['logoff'] })
    mainWindow().emit('query-session-end', query)
    expect(query.defaultPrevented()).toBe(false) // the person's choice to end the session is respected
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('at the end (session-end), which the process does not survive, releases the folder at once', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { platform: 'win32' })
    const socket = await holdStop(desktop)
    mainWindow().emit('query-session-end', fakeEvent({ reasons: ['shutdown'] }))
    mainWindow().emit('session-end', fakeEvent({ reasons: ['shutdown'] }))
    // Synchronously: Windows kills the process as soon as the handler returns.
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
    expect(app.exit).toHaveBeenCalledWith(0)
    socket.destroy() // (in a real app the process is gone by now; here the stop finishes before the folder is removed)
    await expect.poll(() => app.exit).toHaveBeenCalledTimes(2)
  })
})

describe('windows', () => {
  beforeEach(() => resetElectronFake())

  it('the API reference is a child of the main window and closes with it, so the app quits', async () => {
    const desktop = await runDesktop(await makeTempDir())
    createMenuActions(desktop).showApiReference()
    const [main, reference] = FakeBrowserWindow.created
    expect(reference?.options.parent).toBe(main)
    main!.close()
    expect(reference!.isDestroyed()).toBe(true)
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
  })

  it('a second launch opens the main window again when it was closed (the API kept running)', async () => {
    const desktop = await runDesktop(await makeTempDir(), { platform: 'darwin' })
    const first = mainWindow()
    first.close()
    expect(app.quit).not.toHaveBeenCalled() // macOS: the app stays in the Dock
    app.emit('second-instance', fakeEvent(), ['plant-store'], '/')
    const second = FakeBrowserWindow.created[1]!
    expect(second.isDestroyed()).toBe(false)
    expect(second.loadURL).toHaveBeenCalledWith(`http://127.0.0.1:${desktop.service?.port}/`)
  })

  it('macOS: clicking the Dock icon with no window open opens one', async () => {
    await runDesktop(await makeTempDir(), { platform: 'darwin' })
    mainWindow().close()
    app.emit('activate', fakeEvent(), false)
    expect(FakeBrowserWindow.created).toHaveLength(2)
    app.emit('activate', fakeEvent(), true) // a window is open: it comes to the front, no third one
    expect(FakeBrowserWindow.created).toHaveLength(2)
  })

  it('"Close window" in the crash dialog closes the window only: the API keeps running and a second launch brings it back', async () => {
    const desktop = await runDesktop(await makeTempDir())
    const window = mainWindow()
    dialog.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false }) // "Close window"
    for (let i = 0; i < 4; i++) window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 })
    await expect.poll(() => window.isDestroyed()).toBe(true)
    expect(messageBoxOptions(dialog.showMessageBox.mock.calls[0]!).detail).toMatch(/opening Plant Store again brings the window back/)
    expect(app.quit).not.toHaveBeenCalled()
    const token = desktop.service!.token()
    const response = await fetch(`${desktop.service!.baseUrl}/plant/search/status`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    app.emit('second-instance', fakeEvent(), ['plant-store'], '/')
    expect(FakeBrowserWindow.created).toHaveLength(2)
    // Closing that window in the ordinary way quits again.
    FakeBrowserWindow.created[1]!.close()
    expect(app.quit).toHaveBeenCalled()
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
  })
})

describe('a main computer that other tills connect to', () => {
  beforeEach(() => resetElectronFake())

  /** A desktop app whose LAN listener is up (tills connect to it), and the questions it asks, answered by `label`. */
  async function servingTills(...labels: string[]) {
    const dir = await makeTempDir()
    await writeLanSettings(dir, { address: '127.0.0.1', port: await freePort() })
    const asked: ReturnType<typeof messageBoxOptions>[] = []
    dialog.showMessageBox.mockImplementation(async (...args: unknown[]) => {
      const options = messageBoxOptions(args)
      asked.push(options)
      return { response: options.buttons.indexOf(labels.shift() ?? 'Cancel'), checkboxChecked: false }
    })
    const desktop = await runDesktop(dir)
    expect((desktop.service as { lan?: unknown }).lan).toBeDefined()
    return { desktop, asked, window: mainWindow() }
  }

  it('is kept awake while it serves them, and let sleep once it quits', async () => {
    await servingTills()
    expect(powerSaveBlocker.start).toHaveBeenCalledWith('prevent-app-suspension')
    expect(powerSaveBlocker.active.size).toBe(1)
    app.quit()
    expect(powerSaveBlocker.active.size).toBe(0)
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
  })

  it('asks before its window closes; Keep serving closes the window only, and the tills go on being served', async () => {
    const { desktop, asked, window } = await servingTills('Keep serving the tills')
    window.close()
    await expect.poll(() => window.isDestroyed()).toBe(true)
    expect(asked).toEqual([
      expect.objectContaining({
        message: 'Other tills connect to this computer.',
        buttons: ['Keep serving the tills', 'Quit and stop the tills', 'Cancel'],
        detail: expect.stringMatching(/open Plant Store again to bring the window back/)
      })
    ])
    expect(app.quit).not.toHaveBeenCalled()
    expect(powerSaveBlocker.active.size).toBe(1)
    const lan = (desktop.service as { lan?: { url: string } }).lan
    expect(lan?.url).toMatch(/^https:\/\/127\.0\.0\.1:/)
    app.emit('second-instance', fakeEvent(), ['plant-store'], '/')
    expect(FakeBrowserWindow.created).toHaveLength(2)
  })

  it('Cancel keeps the window open; Quit and stop the tills quits, and a quit never asks again', async () => {
    const { asked, window } = await servingTills('Cancel', 'Quit and stop the tills')
    window.close()
    await expect.poll(() => asked.length).toBe(1)
    expect(window.isDestroyed()).toBe(false)
    window.close()
    await expect.poll(() => app.quit).toHaveBeenCalled()
    expect(window.isDestroyed()).toBe(true)
    expect(asked).toHaveLength(2)
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
  })

  it('on macOS the window closes without a question: the app stays in the Dock, serving', async () => {
    const dir = await makeTempDir()
    await writeLanSettings(dir, { address: '127.0.0.1', port: await freePort() })
    await runDesktop(dir, { platform: 'darwin' })
    mainWindow().close()
    expect(mainWindow().isDestroyed()).toBe(true)
    expect(dialog.showMessageBox).not.toHaveBeenCalled()
    expect(app.quit).not.toHaveBeenCalled()
  })
})
