/**
 * The installer's polite quit: the Windows installer killed a running app, so its stop-time backup never ran. Now it
 * launches the installed app with --quit first; that launch hands the request to the running app through the
 * single-instance lock and waits for it to end, and the running app quits the normal way (stop, backup), asking no
 * question, even while tills connect to it.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { QUIT_ARGUMENT, QUIT_REQUEST, askRunningAppToQuit, isQuitRequest, waitForExit } from '#desktop/quit-request'
import { writeLanSettings } from '#settings/lan-settings'
import { writeSetting } from '#settings/settings'
import { freePort } from '#setup/lan'
import { makeTempDir } from '#setup/temp-dir'
import { runDesktop } from './_desktop'
import { FakeBrowserWindow, app, dialog, fakeEvent, messageBoxOptions, resetElectronFake } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

/** A data folder whose lock names `pid` as its holder, as a running app's does. */
async function folderHeldBy(pid: number): Promise<string> {
  const dir = await makeTempDir()
  writeFileSync(path.join(dir, 'lock'), JSON.stringify({ pid, holder: 'the Plant Store desktop app', since: new Date().toISOString() }))
  return dir
}

/** Process states in turn (the last one repeated), recording which pids were asked about. */
function states(...answers: Array<'alive' | 'gone' | 'unproven'>) {
  const asked: number[] = []
  const state = (owner: { pid: number }) => {
    asked.push(owner.pid)
    return answers.length > 1 ? answers.shift()! : answers[0]!
  }
  return { asked, state }
}

/** Electron's single-instance lock answering `free` (true: no other app held it), running `meanwhile` when asked. */
function lockAnswering(free: boolean, meanwhile: () => void = () => undefined) {
  return { setPath: vi.fn(), requestSingleInstanceLock: vi.fn(() => (meanwhile(), free)) }
}

describe('a launch that asks the running app to quit', () => {
  it('is told by the request handed over with the lock, or by --quit on its command line', () => {
    expect(isQuitRequest(['Plant Store.exe'], QUIT_REQUEST)).toBe(true)
    expect(isQuitRequest(['Plant Store.exe', '--allow-file-access', QUIT_ARGUMENT], null)).toBe(true)
    expect(isQuitRequest(['Plant Store.exe'], undefined)).toBe(false)
    expect(isQuitRequest(['Plant Store.exe', 'quit'], { request: 'show' })).toBe(false)
  })

  it('asks nothing and answers 0 when the folder does not exist (no app runs on it), creating nothing', async () => {
    const dir = path.join(await makeTempDir(), 'plant-store')
    const lock = lockAnswering(true)
    expect(await askRunningAppToQuit({ dataDir: dir, lock })).toBe(0)
    expect(lock.requestSingleInstanceLock).not.toHaveBeenCalled()
    expect(readdirSync(path.dirname(dir))).toEqual([])
  })

  it('answers 0 when it gets the lock itself: no app runs on the folder', async () => {
    const dir = await makeTempDir()
    const lock = lockAnswering(true)
    expect(await askRunningAppToQuit({ dataDir: dir, lock })).toBe(0)
    expect(lock.setPath).toHaveBeenCalledWith('userData', dir)
    expect(lock.requestSingleInstanceLock).toHaveBeenCalledWith(QUIT_REQUEST)
  })

  it('waits for the holder read before asking, though the running app releases its lock long before it ends', async () => {
    const dir = await folderHeldBy(4242)
    const { asked, state } = states('alive', 'alive', 'gone')
    // The running app stops its service at once; its backup keeps the process.
    const lock = lockAnswering(false, () => rmSync(path.join(dir, 'lock')))
    expect(await askRunningAppToQuit({ dataDir: dir, lock, wait: { state, stepMs: 1 } })).toBe(0)
    expect(asked).toEqual([4242, 4242, 4242])
  })

  it('answers 1 when the running app is still there at the limit (an older version that shows its window instead)', async () => {
    const dir = await folderHeldBy(4242)
    const { state } = states('alive')
    expect(await askRunningAppToQuit({ dataDir: dir, lock: lockAnswering(false), wait: { state, timeLimitMs: 0 } })).toBe(1)
  })

  it('answers 1 when the running app holds no catalogue (first-run screen): its process is unknown, the installer closes it', async () => {
    const dir = await makeTempDir()
    expect(await askRunningAppToQuit({ dataDir: dir, lock: lockAnswering(false) })).toBe(1)
  })

  it('counts a process that cannot be proven gone as running, and a recycled pid as gone', async () => {
    expect(await waitForExit({ pid: 7 }, { state: states('unproven').state, timeLimitMs: 0 })).toBe(false)
    expect(await waitForExit({ pid: 7 }, { state: states('gone').state, timeLimitMs: 0 })).toBe(true)
  })
})

describe('the desktop app and the installer’s quit', () => {
  beforeEach(() => resetElectronFake())

  it('launched with --quit while another runs: hands over the request, starts nothing, exits 0 once the other has ended', async () => {
    // A pid that has ended: the running app has finished its quit by the time the launch looks.
    const dir = await folderHeldBy(2 ** 22 + 17)
    mkdirSync(path.join(dir, 'chromium'))
    app.singleInstance = false
    const desktop = await runDesktop(dir, { argv: ['Plant Store.exe', QUIT_ARGUMENT] })
    expect(app.requestSingleInstanceLock).toHaveBeenCalledWith(QUIT_REQUEST)
    expect(app.paths.get('userData')).toBe(dir)
    expect(app.exit).toHaveBeenCalledWith(0)
    expect(desktop.service).toBeUndefined()
    expect(FakeBrowserWindow.created).toHaveLength(0)
    expect(readdirSync(dir).sort()).toEqual(['chromium', 'lock'])
  })

  it('launched with --quit while none runs: exits 0 without starting a catalogue', async () => {
    const dir = await makeTempDir()
    const desktop = await runDesktop(dir, { argv: ['Plant Store.exe', QUIT_ARGUMENT] })
    expect(app.exit).toHaveBeenCalledWith(0)
    expect(desktop.service).toBeUndefined()
    expect(readdirSync(dir).filter((name) => name !== 'SingletonLock')).toEqual([])
  })

  it('asked to quit while tills connect: quits the normal way, stop-time backup included, with no question', async () => {
    const dir = await makeTempDir()
    const usb = await makeTempDir()
    await writeSetting(dir, 'backup.dir', usb)
    await writeLanSettings(dir, { address: '127.0.0.1', port: await freePort() })
    const desktop = await runDesktop(dir)
    expect((desktop.service as { lan?: unknown }).lan).toBeDefined()
    await expect.poll(() => readdirSync(usb)).toHaveLength(1) // the backup made at start
    const asked: string[] = []
    dialog.showMessageBox.mockImplementation(async (...args: unknown[]) => {
      asked.push(messageBoxOptions(args).message)
      return { response: 0, checkboxChecked: false }
    })
    app.emit('second-instance', fakeEvent(), ['Plant Store.exe'], 'C:\\', QUIT_REQUEST)
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(readdirSync(usb)).toHaveLength(2) // the stop-time backup ran before the exit
    expect(asked).toEqual(['Backing up before Plant Store closes…'])
    expect(FakeBrowserWindow.created[0]?.isDestroyed()).toBe(true)
  })

  it('a second launch without the request still only brings the window to the front', async () => {
    await runDesktop(await makeTempDir())
    app.emit('second-instance', fakeEvent(), ['Plant Store.exe'], 'C:\\', null)
    expect(app.quit).not.toHaveBeenCalled()
  })
})
