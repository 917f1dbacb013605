// A stand-in for Electron's main-process API, enough for the built desktop main (out/main/index.js) to run in
// plain Node. It prints what the app asks of Electron as `[electron] <what> <json>` lines for the test to read.
import { EventEmitter } from 'node:events'

function report(what, detail) {
  process.stdout.write(`[electron] ${what} ${JSON.stringify(detail ?? null)}\n`)
}

class App extends EventEmitter {
  isPackaged = false
  setPath(name, value) {
    report('setPath', { name, value })
  }
  enableSandbox() {}
  requestSingleInstanceLock() {
    return true
  }
  whenReady() {
    return Promise.resolve()
  }
  quit() {
    let prevented = false
    this.emit('will-quit', { preventDefault: () => (prevented = true) })
    if (!prevented) process.exit(0)
  }
  exit(code) {
    report('exit', code)
    process.exit(code)
  }
}

export const app = new App()

class WebContents extends EventEmitter {
  setWindowOpenHandler() {}
  forcefullyCrashRenderer() {}
}

export class BrowserWindow extends EventEmitter {
  webContents = new WebContents()
  constructor(options) {
    super()
    report('window', options)
  }
  loadURL(url) {
    report('loadURL', url)
    return Promise.resolve()
  }
  isDestroyed() {
    return false
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
  close() {}
}

export const ipcMain = new EventEmitter()
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
  }
}
export const shell = { openExternal: async () => undefined, openPath: async () => '', showItemInFolder() {} }
export const clipboard = { writeText() {} }
