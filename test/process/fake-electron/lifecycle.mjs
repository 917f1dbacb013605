// Electron's app and window lifecycle as the test stand-ins simulate it, shared by the process stand-in
// (electron.mjs, which runs the built main process) and the unit stand-in (test/unit/desktop/_electron-fake.ts).
// Modelled on Electron 45's own source, not guessed:
//   shell/browser/browser.cc          Quit(), NotifyAndShutdown(), OnWindowAllClosed(), OnWindowCloseCancelled(), ExitWithCode()
//   shell/browser/api/electron_api_app.cc  SetPath(): an absolute path to an existing folder, else "Failed to set path"
//   lib/browser/init.ts                the default 'window-all-closed' listener (quit when the app has none)
//   docs/api/app.md                    'window-all-closed' is not emitted for a quit asked by app.quit()
// Where the stand-in is stricter than Electron it says so (setPath after 'ready').
import { EventEmitter } from 'node:events'
import { existsSync, readlinkSync, rmSync, symlinkSync, unlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** An Electron event: records preventDefault. */
export class StandInEvent {
  defaultPrevented = false
  preventDefault() {
    this.defaultPrevented = true
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

export class StandInApp extends EventEmitter {
  isPackaged = false
  ready = false
  quitting = false
  exiting = false
  shutDown = false
  exitCode = 0
  /** A forced answer of requestSingleInstanceLock(); undefined lets the lock file decide, as Chromium's does. */
  singleInstance = undefined
  paths = new Map()
  /** The open windows (Electron's WindowList). */
  windows = new Set()
  /** The SingletonLock this app holds, removed at shutdown as Chromium does. */
  lockFile = undefined

  /** @param {{ beforeReady?: () => void, afterShutdown?: (code: number) => void }} hooks */
  constructor(hooks = {}) {
    super()
    this.hooks = hooks
  }

  whenReady() {
    if (!this.ready) {
      this.hooks.beforeReady?.()
      this.ready = true
      this.emit('ready')
    }
    return Promise.resolve()
  }

  isReady() {
    return this.ready
  }

  getPath(name) {
    return this.paths.get(name)
  }

  setPath(name, value) {
    if (!path.isAbsolute(value)) throw new Error('Path must be absolute')
    // PathService::OverrideAndCreateIfNeeded(…, create = false): a folder that does not exist is refused.
    if (!existsSync(value)) throw new Error('Failed to set path')
    // Stricter than Electron, which silently keeps the session it already made: a late call must show in a test.
    if (this.ready && (name === 'userData' || name === 'sessionData')) {
      throw new Error(`app.setPath('${name}') after 'ready' has no effect in Electron; the stand-in refuses it`)
    }
    this.paths.set(name, value)
  }

  /**
   * Chromium's process singleton on Linux and macOS (chrome/browser/process_singleton_posix.cc): a symbolic link
   * SingletonLock -> "hostname-pid" in userData. Any failure to make it (another running instance, a folder that
   * cannot be written, a drive that cannot hold links) answers false, exactly as "another copy is running" does.
   */
  requestSingleInstanceLock() {
    if (this.singleInstance !== undefined) return this.singleInstance
    const file = path.join(this.paths.get('userData') ?? os.tmpdir(), 'SingletonLock')
    try {
      const holder = Number(readlinkSync(file).split('-').at(-1))
      if (holder !== process.pid && isRunning(holder)) return false
      unlinkSync(file) // left by a process that is gone: Chromium takes it over
    } catch {
      // none yet
    }
    try {
      symlinkSync(`${os.hostname()}-${process.pid}`, file)
    } catch {
      return false
    }
    this.lockFile = file
    return true
  }

  quit() {
    if (this.quitting || this.shutDown) return
    const beforeQuit = new StandInEvent()
    this.emit('before-quit', beforeQuit)
    if (beforeQuit.defaultPrevented) return
    this.quitting = true
    if (this.windows.size === 0) return this.#notifyAndShutdown()
    for (const window of [...this.windows]) window.close()
  }

  exit(code = 0) {
    this.exitCode = code
    this.exiting = true
    this.quitting = true
    // Windows are destroyed without asking ('closed', never 'close'); the last one ends the app.
    if (this.windows.size === 0) return this.shutdown()
    for (const window of [...this.windows]) window.destroy()
  }

  /** A window refused to close ('close' prevented): the quit is called off. */
  windowCloseCancelled() {
    this.quitting = false
  }

  /** The last window is gone. */
  windowAllClosed() {
    if (this.exiting) return this.shutdown()
    if (this.quitting) return this.#notifyAndShutdown()
    this.emit('window-all-closed')
    if (this.listenerCount('window-all-closed') === 0) this.quit()
  }

  #notifyAndShutdown() {
    const willQuit = new StandInEvent()
    this.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) {
      this.quitting = false
      return
    }
    this.shutdown()
  }

  shutdown() {
    if (this.shutDown) return
    this.shutDown = true
    this.emit('quit', new StandInEvent(), this.exitCode)
    if (this.lockFile) rmSync(this.lockFile, { force: true })
    this.hooks.afterShutdown?.(this.exitCode)
  }
}

export class StandInWindow extends EventEmitter {
  destroyed = false

  constructor(app, options = {}) {
    super()
    this.app = app
    this.options = options
    app.windows.add(this)
  }

  isDestroyed() {
    return this.destroyed
  }

  close() {
    if (this.destroyed) return
    const close = new StandInEvent()
    this.emit('close', close)
    if (close.defaultPrevented) return this.app.windowCloseCancelled()
    this.destroy()
  }

  destroy() {
    if (this.destroyed) return
    this.destroyed = true
    this.app.windows.delete(this)
    this.emit('closed')
    if (this.app.windows.size === 0) this.app.windowAllClosed()
  }
}
