// A stand-in for Electron's main-process API, enough for the built desktop main (out/main/index.js) to run in
// plain Node. It prints what the app asks of Electron as `[electron] <what> <json>` lines for the test to read.
// The app and window lifecycle (the real quit sequence, the single-instance lock, setPath's rules) is
// lifecycle.mjs, shared with the unit tests' stand-in; this file adds what needs a real process: signals.
//
// Environment: FAKE_ELECTRON_SINGLE_INSTANCE=false makes requestSingleInstanceLock() answer false.
import { EventEmitter } from 'node:events'
import { StandInApp, StandInWindow } from './lifecycle.mjs'

function report(what, detail) {
  process.stdout.write(`[electron] ${what} ${JSON.stringify(detail ?? null)}\n`)
}

// Electron's shutdown signal handlers (shell/browser/electron_browser_main_parts_posix.cc), installed in
// PostCreateMainMessageLoop: after the app's main script has run, before 'ready'. They replace whatever handler
// the process had (sigaction). The first SIGINT/SIGTERM/SIGHUP quits gracefully (Browser::Quit, i.e. app.quit());
// the handler then resets the signal to its default action, so a second one kills the process on the spot.
// Node's listeners hear a signal only through libuv's handler, which libuv installs when a signal gets its first
// watcher: listeners added before Electron's handlers went in are silenced for good; the first listener added
// afterwards takes the signal back from Electron.
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']
/** Who gets each signal: 'node' (the app's listeners), 'electron' (the one-shot quit) or 'default' (death). */
const receiver = Object.fromEntries(SHUTDOWN_SIGNALS.map((signal) => [signal, 'node']))
const watchedBeforeElectron = {}
const courier = () => undefined // keeps Node's signal delivery on, so the stand-in sees every signal
const appListenerCount = (signal) => process.listeners(signal).filter((listener) => listener !== courier).length

const originalEmit = process.emit
process.emit = function (event, ...rest) {
  if (!SHUTDOWN_SIGNALS.includes(event) || receiver[event] === 'node') return originalEmit.call(this, event, ...rest)
  report('signal', { signal: event, to: receiver[event] })
  if (receiver[event] === 'electron') {
    receiver[event] = 'default'
    app.quit()
    return true
  }
  // The default action: the process dies of the signal, whatever it was doing.
  for (const signal of SHUTDOWN_SIGNALS) process.removeAllListeners(signal)
  process.kill(process.pid, event)
  return true
}

function installElectronSignalHandlers() {
  for (const signal of SHUTDOWN_SIGNALS) {
    watchedBeforeElectron[signal] = appListenerCount(signal) > 0
    receiver[signal] = 'electron'
    process.on(signal, courier)
  }
  process.on('newListener', (event, listener) => {
    if (!SHUTDOWN_SIGNALS.includes(event) || listener === courier || watchedBeforeElectron[event]) return
    if (appListenerCount(event) === 0) receiver[event] = 'node'
  })
}

class App extends StandInApp {
  constructor() {
    super({
      beforeReady: installElectronSignalHandlers,
      afterShutdown: (code) => {
        report('exit', code)
        process.exit(code)
      }
    })
    if (process.env.FAKE_ELECTRON_SINGLE_INSTANCE === 'false') this.singleInstance = false
    for (const name of ['before-quit', 'window-all-closed', 'will-quit']) this.on(name, () => report('lifecycle', name))
  }
  setPath(name, value) {
    super.setPath(name, value)
    report('setPath', { name, value })
  }
  setAppUserModelId(id) {
    report('setAppUserModelId', id)
  }
  enableSandbox() {}
}

export const app = new App()

class WebContents extends EventEmitter {
  setWindowOpenHandler() {}
  forcefullyCrashRenderer() {}
}

export class BrowserWindow extends StandInWindow {
  webContents = new WebContents()
  constructor(options) {
    super(app, options)
    // Electron announces every new web contents app-wide while the window is being made.
    app.emit('web-contents-created', { preventDefault() {} }, this.webContents)
    // A parent window is an object; the report names it rather than serialising it.
    report('window', { ...options, parent: options.parent ? 'main window' : undefined })
  }
  loadURL(url) {
    report('loadURL', url)
    return Promise.resolve()
  }
  isMinimized() {
    return false
  }
  setTitle(title) {
    report('setTitle', title)
  }
  show() {}
  focus() {}
  restore() {}
}

export const ipcMain = Object.assign(new EventEmitter(), {
  // invoke handlers (the Export/Import file dialogs); no page here ever invokes them.
  handle() {}
})
export const Menu = { buildFromTemplate: (template) => template, setApplicationMenu() {} }
export const session = { defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} } }
// Every message box is answered with Quit when it offers it, else with its first button.
export const dialog = {
  async showMessageBox(...args) {
    const options = args.at(-1)
    report('messageBox', { type: options.type, message: options.message, detail: options.detail, buttons: options.buttons })
    return { response: Math.max(0, options.buttons.indexOf('Quit')), checkboxChecked: false }
  },
  async showOpenDialog() {
    return { canceled: true, filePaths: [] }
  },
  async showSaveDialog() {
    return { canceled: true }
  }
}
export const shell = { openExternal: async () => undefined, openPath: async () => '', showItemInFolder() {} }
export const powerSaveBlocker = { start: () => 1, stop() {} }
// A promise since Electron 44.
export const clipboard = {
  async writeText(text) {
    report('clipboard', text)
  }
}
