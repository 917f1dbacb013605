import { EventEmitter } from 'node:events'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { DESKTOP_BRIDGE_CHANNEL } from '#shared/desktop-bridge'
import { resolveDataDir } from '#app/config'
import { PAIRING_FILE_NAME } from '#till/pairing'
import { ShopStore } from '#store/shop-store'
import { CLI_ACTOR, DATA_FILE_NAME } from '#store'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'
import { addBackup, damageCatalogue } from './_catalogue'
import { mainWindow, runDesktop, storeOf } from './_desktop'
import { FakeBrowserWindow, Menu, app, dialog, fakeEvent, ipcMain, messageBoxOptions, resetElectronFake, session, shell } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

function serverFile(dir: string): { pid: number; port: number; baseUrl: string } {
  return JSON.parse(readFileSync(path.join(dir, 'server.json'), 'utf8'))
}

/** Answers message boxes in turn by button label; records each box's options. */
function answerDialogs(...labels: string[]) {
  const shown: Array<ReturnType<typeof messageBoxOptions> & { windowsOpen: number }> = []
  dialog.showMessageBox.mockImplementation(async (...args: unknown[]) => {
    const options = messageBoxOptions(args)
    shown.push({ ...options, windowsOpen: FakeBrowserWindow.created.length })
    const label = labels.shift()
    const response = label === undefined ? 0 : options.buttons.indexOf(label)
    if (response < 0) throw new Error(`no button "${label}" in ${JSON.stringify(options.buttons)}`)
    return { response, checkboxChecked: false }
  })
  return shown
}

describe('the desktop app', () => {
  beforeEach(() => resetElectronFake())

  it('starts the service, shows the UI from the local server in a locked-down window, and names the API in the title', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir)
    const { port, baseUrl } = serverFile(dir)
    expect(desktop.service?.port).toBe(port)
    expect(app.paths.get('userData')).toBe(dir)
    expect(app.enableSandbox).toHaveBeenCalled()
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled()
    expect(Menu.setApplicationMenu).toHaveBeenCalled()
    const window = mainWindow()
    expect(window.loadURL).toHaveBeenCalledWith(`http://127.0.0.1:${port}/`)
    expect(window.options.title).toBe(`Plant Store — API at ${baseUrl}`)
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: '/app/out/preload/index.cjs'
    })
    // The lock names the app, so a `plant-store serve` started meanwhile says who holds the folder.
    expect(JSON.parse(readFileSync(path.join(dir, 'lock'), 'utf8')).holder).toBe('the Plant Store desktop app')
    // The API is the real one: scripts reach it with the token from the data folder.
    const token = readFileSync(path.join(dir, 'token'), 'utf8').trim()
    const response = await fetch(`${baseUrl}/plant/search/status`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
  })

  it('opens on the first-run screen on a folder never set up, and carries on as the main computer once chosen there', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { offerFirstRun: true })
    const origin = `http://127.0.0.1:${desktop.service!.port}`
    expect(mainWindow().loadURL).toHaveBeenLastCalledWith(`${origin}/#screen=first-run`)
    expect(existsSync(path.join(dir, DATA_FILE_NAME))).toBe(false)
    const chosen = await fetch(`${origin}/v3/setup/main`, { method: 'POST', headers: { authorization: `Bearer ${desktop.bridge()!.token}` } })
    expect(chosen.status).toBe(200)
    expect(existsSync(path.join(dir, DATA_FILE_NAME))).toBe(true)
    expect(serverFile(dir).port).toBe(desktop.service!.port) // the same address, now the catalogue's
    desktop.reloadPage()
    expect(mainWindow().loadURL).toHaveBeenLastCalledWith(`${origin}/`)
  })

  it('opens on the staff UI, not the first-run screen, once the folder holds a catalogue', async () => {
    const { store, dir } = await openTestStore()
    await store.close()
    const desktop = await runDesktop(dir, { offerFirstRun: true })
    expect(mainWindow().loadURL).toHaveBeenLastCalledWith(`http://127.0.0.1:${desktop.service!.port}/`)
  })

  it('starts a paired till as a till, never as a catalogue of its own', async () => {
    const dir = await makeTempDir()
    const pairing = {
      origin: 'https://127.0.0.1:9',
      certificate: 'PEM',
      fingerprint: 'AB',
      till: 'door',
      token: 'till-token',
      pairedAt: '2026-11-28T00:00:00.000Z'
    }
    writeFileSync(path.join(dir, PAIRING_FILE_NAME), JSON.stringify(pairing), { mode: 0o600 })
    const desktop = await runDesktop(dir, { offerFirstRun: true })
    const origin = `http://127.0.0.1:${desktop.service!.port}`
    expect(mainWindow().loadURL).toHaveBeenLastCalledWith(`${origin}/`)
    const setup = await fetch(`${origin}/v3/setup`, { headers: { authorization: `Bearer ${desktop.bridge()!.token}` } })
    expect(await setup.json()).toEqual({ stage: 'till', primary: 'https://127.0.0.1:9', till: 'door' })
    expect(existsSync(path.join(dir, DATA_FILE_NAME))).toBe(false)
  })

  it('guards the web contents app-wide: its page stays on the app, the clipboard write is its only permission', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir)
    const origin = `http://127.0.0.1:${desktop.service?.port}`
    const navigate = (contents: EventEmitter, url: string) => {
      const navigation = fakeEvent({ url })
      contents.emit('will-navigate', navigation)
      return navigation.defaultPrevented()
    }
    expect(navigate(mainWindow().webContents, `${origin}/?view=plants`)).toBe(false)
    expect(navigate(mainWindow().webContents, 'https://example.org/')).toBe(true)
    // Any other contents (the API reference, or anything made later) may not show the app's page.
    const other = new FakeBrowserWindow({})
    expect(navigate(other.webContents, `${origin}/`)).toBe(true)
    const [check] = session.defaultSession.setPermissionCheckHandler.mock.calls[0] as [(...args: unknown[]) => boolean]
    expect(check({}, 'clipboard-sanitized-write', `${origin}/`, { isMainFrame: true })).toBe(true)
    expect(check({}, 'clipboard-read', `${origin}/`, { isMainFrame: true })).toBe(false)
  })

  it('hands the page its bridge over IPC: API address, token and version', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir)
    const event = { senderFrame: { origin: `http://127.0.0.1:${desktop.service?.port}`, parent: null }, returnValue: undefined as unknown }
    ipcMain.emit(DESKTOP_BRIDGE_CHANNEL, event)
    expect(event.returnValue).toEqual({ apiBaseUrl: desktop.service?.baseUrl, token: desktop.service?.token(), version: '1.2.3' })
    const foreign = { senderFrame: { origin: 'https://evil.example', parent: null }, returnValue: undefined as unknown }
    ipcMain.emit(DESKTOP_BRIDGE_CHANNEL, foreign)
    expect(foreign.returnValue).toBeNull()
  })

  it('uses the same data folder as plant-store serve by default (Electronʼs userData set to it)', async () => {
    const desktop = await runDesktop('', { env: { PLANT_STORE_PORT: '0' } })
    // Linux: ~/.config/plant-store, the folder Electron's userData is for an app named plant-store (HOME is the test's own).
    const expected = path.join(os.homedir(), '.config', 'plant-store')
    expect(os.homedir().startsWith(os.tmpdir())).toBe(true)
    expect(desktop.dataDir).toBe(expected)
    expect(app.paths.get('userData')).toBe(expected)
    expect(existsSync(path.join(expected, 'server.json'))).toBe(true)
    // plant-store serve resolves its default through the same function: same folder, hence same data and token.
    expect(resolveDataDir(undefined, {})).toBe(expected)
  })

  it('brings the window to the front on a second launch', async () => {
    await runDesktop(await makeTempDir())
    const window = mainWindow()
    window.minimized = true
    app.emit('second-instance', fakeEvent(), ['plant-store'], '/')
    expect(window.restore).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
  })

  it('as the second instance, quits at once without touching the data', async () => {
    const dir = await makeTempDir()
    app.singleInstance = false
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const desktop = await runDesktop(dir)
    expect(app.quit).toHaveBeenCalled()
    expect(desktop.service).toBeUndefined()
    expect(FakeBrowserWindow.created).toHaveLength(0)
    // Only Electron's own folder, made before its single-instance lock (setPath needs it to exist); no catalogue, no lock.
    expect(readdirSync(dir)).toEqual(['chromium'])
    expect(console.error).toHaveBeenCalledWith(`Plant Store is already running on ${dir}; its window was brought to the front.`)
  })

  it('takes a free port when 7420 is taken, and says so in server.json and the window title', async () => {
    // Hold 7420 with a real socket (unless another program already does: then it is taken all the same).
    const blocker: Server = createServer()
    await new Promise<void>((resolve, reject) => {
      blocker.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve() : reject(error)))
      blocker.listen(7420, '127.0.0.1', resolve)
    })
    onTestFinished(() => new Promise<void>((resolve) => (blocker.listening ? blocker.close(() => resolve()) : resolve())))
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { env: { PLANT_STORE_DATA: dir } })
    const { port, baseUrl } = serverFile(dir)
    expect(port).not.toBe(7420)
    expect(desktop.service?.port).toBe(port)
    expect(baseUrl).toBe(`http://127.0.0.1:${port}/v3`)
    expect(mainWindow().options.title).toBe(`Plant Store — API at ${baseUrl}`)
  })

  it('on quit, holds the exit until the write in flight is saved and the folder released', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir)
    const service = desktop.service!
    const release = service.release
    let stopped = false
    service.release = async () => {
      await release()
      stopped = true
    }
    let stoppedBeforeExit: boolean | undefined
    app.exit.mockImplementation(() => void (stoppedBeforeExit = stopped))
    const adding = storeOf(desktop).add({ name: 'Monstera', tags: [] }, CLI_ACTOR)
    const quit = fakeEvent()
    app.emit('will-quit', quit)
    expect(quit.defaultPrevented()).toBe(true)
    expect(app.exit).not.toHaveBeenCalled()
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(stoppedBeforeExit).toBe(true)
    await expect(adding).resolves.toMatchObject({ id: 1, name: 'Monstera' })
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
    // The lock is free and the change is on disk: another process can open the folder and sees it.
    const reopened = await ShopStore.open({ dir })
    expect(reopened.get(1)?.name).toBe('Monstera')
    await reopened.close()
  })

  it('shows a refused start (damaged catalogue) in a native dialog, before any window, and restores the latest backup on request', async () => {
    const dir = await makeTempDir()
    const damaged = await damageCatalogue(dir)
    const backup = await addBackup(dir)
    const shown = answerDialogs('Restore latest backup', 'OK')
    const desktop = await runDesktop(dir)
    expect(shown[0]).toMatchObject({
      type: 'error',
      message: 'Plant Store cannot open its catalogue.',
      buttons: ['Restore latest backup', 'Open data folder', 'Quit'],
      defaultId: 1, // Enter does not restore
      cancelId: 2, // Escape quits
      windowsOpen: 0 // never a blank window
    })
    expect(shown[0]?.detail).toContain(`the data file ${damaged} cannot be used`)
    expect(shown[1]).toMatchObject({ type: 'info', message: 'Backup restored.' })
    expect(shown[1]?.detail).toContain(`Restored 1 plant from ${backup}`)
    expect(storeOf(desktop).get(1)?.name).toBe('Fern')
    expect(readdirSync(dir).some((name) => name.startsWith('plants.json.replaced-'))).toBe(true)
    expect(FakeBrowserWindow.created).toHaveLength(1)
  })

  it('offers to try again while plant-store serve holds the folder, and starts once it is free', async () => {
    const { store: serve, dir } = await openTestStore({ holder: 'plant-store serve' })
    const shown = answerDialogs('Try again')
    dialog.showMessageBox.mockImplementationOnce(async (...args: unknown[]) => {
      shown.push({ ...messageBoxOptions(args), windowsOpen: FakeBrowserWindow.created.length })
      await serve.close() // the shop stops `plant-store serve`, then presses Try again
      return { response: 0, checkboxChecked: false }
    })
    const desktop = await runDesktop(dir)
    expect(shown[0]?.buttons).toEqual(['Try again', 'Open data folder', 'Quit'])
    expect(shown[0]?.detail).toMatch(/in use by plant-store serve/)
    expect(desktop.service).toBeDefined()
    expect(FakeBrowserWindow.created).toHaveLength(1)
  })

  it('quits (exit 1) when Quit is chosen at a refused start, leaving the damaged file untouched', async () => {
    const dir = await makeTempDir()
    const damaged = await damageCatalogue(dir)
    const before = readFileSync(damaged, 'utf8')
    const shown = answerDialogs('Open data folder', 'Quit')
    await runDesktop(dir)
    expect(shown.map((box) => box.buttons)).toEqual([
      ['Open data folder', 'Quit'],
      ['Open data folder', 'Quit']
    ])
    expect(shell.openPath).toHaveBeenCalledWith(dir)
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(FakeBrowserWindow.created).toHaveLength(0)
    expect(readFileSync(damaged, 'utf8')).toBe(before)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('in development loads electron-vite’s dev server, which proxies /v3 on the configured port', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { devServerUrl: 'http://localhost:5173/' })
    expect(mainWindow().loadURL).toHaveBeenCalledWith('http://localhost:5173/')
    expect(desktop.appOrigin()).toBe('http://localhost:5173')
    expect(desktop.bridge()?.apiBaseUrl).toBe('http://localhost:5173/v3')
  })

  it('reloads the page from the server after a renderer crash; the service keeps running', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir)
    const window = mainWindow()
    const service = desktop.service
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 133 })
    expect(window.loadURL).toHaveBeenCalledTimes(2)
    expect(window.loadURL).toHaveBeenLastCalledWith(`http://127.0.0.1:${service?.port}/`)
    expect(desktop.service).toBe(service)
  })
})
