/**
 * The built desktop main process (out/main/index.js) run in plain Node with a
 * stand-in for Electron (fake-electron/), since the Electron binary cannot run
 * here: proves the bundle's wiring end to end — real service, the UI served
 * to the window's address, the preload path, the quit path, the start dialog,
 * and what real signals do (the stand-in installs Electron's own one-shot
 * signal handlers before 'ready', as Electron does).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { requestHeldOpen } from '#setup/raw-http'
import { catalogueFolder } from '#setup/catalogue-folder'
import { makeTempDir } from '#setup/temp-dir'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = path.join(ROOT, 'out/main/index.js')
const REGISTER = fileURLToPath(new URL('./fake-electron/register.mjs', import.meta.url))
/** Windows' file-system rules and the app's platform set to win32, before the app loads (test/_setup/windows/). */
const WINDOWS = `--import=${fileURLToPath(new URL('../_setup/windows/preload.mjs', import.meta.url))}`

interface Report {
  what: string
  detail: unknown
}

/** Starts `entry` (the built main process by default) on `dataDir`; collects what it asked of Electron. */
function startMain(dataDir: string, { entry = MAIN, env = {}, args = [] }: { entry?: string; env?: NodeJS.ProcessEnv; args?: string[] } = {}) {
  const child = spawn(process.execPath, ['--import', REGISTER, entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, PLANT_STORE_DATA: dataDir, PLANT_STORE_PORT: '0', PLANT_STORE_TOKEN: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  onTestFinished(() => void child.kill('SIGKILL'))
  const reports: Report[] = []
  let stderr = ''
  let stdout = ''
  let buffered = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      const match = /^\[electron\] (\S+) (.*)$/.exec(line)
      if (match) reports.push({ what: match[1] ?? '', detail: JSON.parse(match[2] ?? 'null') })
    }
  })
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal }))
  )
  const exited = ended.then(({ code }) => code)
  const outputEnded = once(child.stdout, 'close').then(() => 'ended' as const)
  /** The `count`-th report of `what` (1 = the first), waiting for it as the output comes. */
  const report = async (what: string, count = 1): Promise<Report> => {
    for (;;) {
      const found = reports.filter((entry) => entry.what === what)[count - 1]
      if (found) return found
      const next = await Promise.race([once(child.stdout, 'data'), outputEnded])
      if (next === 'ended') throw new Error(`no "${what}" #${count} from the main process; stderr: ${stderr}`)
    }
  }
  return { child, ended, exited, report, reports, output: () => ({ stdout, stderr }) }
}

/** Opens a request to the API whose body never finishes: the server's graceful stop waits for it. */
async function holdStop(port: number) {
  const socket = await requestHeldOpen(port)
  onTestFinished(() => void socket.destroy())
  return socket
}

describe('the built desktop main process', () => {
  it('opens a folder never set up on the first-run screen, holding no catalogue, and quits cleanly on SIGTERM', async () => {
    const dir = await makeTempDir()
    const main = startMain(dir)
    const url = (await main.report('loadURL')).detail as string
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#screen=first-run$/)
    expect((await fetch(url)).status).toBe(200)
    expect(existsSync(path.join(dir, 'plants.json'))).toBe(false)
    main.child.kill('SIGTERM')
    expect(await main.exited).toBe(0)
    expect(existsSync(path.join(dir, 'plants.json'))).toBe(false)
  })

  it('serves the UI at the address its window loads, with the built preload, and quits cleanly on SIGTERM', async () => {
    const dir = await catalogueFolder()
    const main = startMain(dir)
    const url = (await main.report('loadURL')).detail as string
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="app">')
    const window = (await main.report('window')).detail as { title: string; webPreferences: { preload: string; sandbox: boolean } }
    expect(window.webPreferences.preload).toBe(path.join(ROOT, 'out/preload/index.cjs'))
    expect(existsSync(window.webPreferences.preload)).toBe(true)
    expect(window.webPreferences.sandbox).toBe(true)
    expect(window.title).toBe(`Plant Store — API at ${url}v3`)
    expect(main.reports.filter((entry) => entry.what === 'setPath').map((entry) => entry.detail)).toEqual([
      { name: 'userData', value: dir },
      { name: 'sessionData', value: path.join(dir, 'chromium') }
    ])
    expect(existsSync(path.join(dir, 'server.json'))).toBe(true)
    main.child.kill('SIGTERM')
    expect(await main.exited).toBe(0)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('hands Ctrl+C pressed twice (the terminal’s and electron-vite’s forward) to the quit guard: exit 0, folder released', async () => {
    const dir = await makeTempDir()
    const main = startMain(dir)
    const port = Number(new URL((await main.report('loadURL')).detail as string).port)
    const socket = await holdStop(port)
    main.child.kill('SIGINT')
    await main.report('lifecycle', 2) // before-quit, then will-quit: the stop is under way, held by the open request
    expect(main.reports.filter((entry) => entry.what === 'lifecycle').map((entry) => entry.detail)).toEqual(['before-quit', 'will-quit'])
    main.child.kill('SIGINT')
    await main.report('lifecycle', 4) // the repeat ran the quit sequence again, and the guard held it again
    socket.destroy()
    expect(await main.ended).toEqual({ code: 0, signal: null })
    // Neither signal went to Electron's one-shot handler: the app's own listener, added after 'ready', heard both.
    expect(main.reports.some((entry) => entry.what === 'signal')).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
  })

  it('the stand-in reproduces Electron’s handlers: a listener from before ready is silenced, the second signal kills', async () => {
    const dir = await makeTempDir()
    const entry = path.join(dir, 'listens-too-early.mjs')
    // What index.ts used to do: listen for the signal at load time, before Electron installs its handlers.
    await writeFile(
      entry,
      `import { app } from 'electron'
process.on('SIGTERM', () => console.log('the app heard SIGTERM'))
await app.whenReady()
app.on('will-quit', (event) => event.preventDefault()) // a stop that takes a while
setInterval(() => {}, 1000)
console.log('[electron] started null')
`
    )
    const main = startMain(dir, { entry })
    await main.report('started')
    main.child.kill('SIGTERM')
    expect((await main.report('signal')).detail).toEqual({ signal: 'SIGTERM', to: 'electron' })
    await main.report('lifecycle', 2)
    main.child.kill('SIGTERM')
    expect(await main.ended).toEqual({ code: null, signal: 'SIGTERM' })
    expect(main.output().stdout).not.toContain('the app heard SIGTERM')
  })

  it('shows a damaged catalogue in a dialog instead of a window, and exits 1 on Quit', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'plants.json'), '{"version":1,')
    const main = startMain(dir)
    const box = (await main.report('messageBox')).detail as { type: string; detail: string; buttons: string[] }
    expect(box.type).toBe('error')
    expect(box.buttons).toEqual(['Open data folder', 'Quit'])
    expect(box.detail).toContain('cannot be used')
    expect(await main.exited).toBe(1)
    expect(main.reports.some((entry) => entry.what === 'window')).toBe(false)
  })

  it('says why in a dialog when the data folder is a file, with the CLI’s words, and exits 1 (never vanishes)', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'data')
    await writeFile(file, '')
    const main = startMain(file)
    expect((await main.report('messageBox')).detail).toEqual({
      type: 'error',
      message: 'Plant Store cannot start.',
      detail: `${file} is a file, not a folder; PLANT_STORE_DATA must name a folder (it is created if missing)`,
      buttons: ['OK']
    })
    expect(await main.exited).toBe(1)
    expect(main.reports.some((entry) => entry.what === 'window' || entry.what === 'setPath')).toBe(false)
  })

  it('as a second instance, ends at once (exit 0) with a line for the terminal and nothing started', async () => {
    const dir = await makeTempDir()
    const main = startMain(dir, { env: { FAKE_ELECTRON_SINGLE_INSTANCE: 'false' } })
    expect(await main.exited).toBe(0)
    expect(main.output().stderr).toContain(`Plant Store is already running on ${dir}`)
    expect(main.reports.some((entry) => entry.what === 'window' || entry.what === 'messageBox')).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('on Windows, first moves a data folder earlier versions kept in roaming %APPDATA% to %LOCALAPPDATA%, then opens it', async () => {
    const profile = await makeTempDir()
    const env = { APPDATA: path.join(profile, 'Roaming'), LOCALAPPDATA: path.join(profile, 'Local'), NODE_OPTIONS: WINDOWS }
    await mkdir(env.APPDATA)
    await mkdir(env.LOCALAPPDATA)
    const roaming = path.join(env.APPDATA, 'plant-store')
    await rename(await catalogueFolder(), roaming)
    const local = path.join(env.LOCALAPPDATA, 'plant-store')
    const main = startMain('', { env: { ...env, PLANT_STORE_DATA: undefined } })
    // The staff UI, not the first-run screen: the catalogue came along, and Electron's paths point at the new folder.
    expect((await main.report('loadURL')).detail).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect((await main.report('setPath')).detail).toEqual({ name: 'userData', value: local })
    expect(readdirSync(env.APPDATA)).toEqual(['plant-store.moved'])
    expect(existsSync(path.join(local, 'plants.json'))).toBe(true)
    main.child.kill('SIGTERM')
    expect(await main.exited).toBe(0)
  })

  it('launched with --quit (the installer) while the app runs: starts nothing, and ends with 0 only once the app has ended', async () => {
    const dir = await catalogueFolder()
    const running = startMain(dir)
    await running.report('loadURL')
    const asking = startMain(dir, { args: ['--quit'] })
    const endings: string[] = []
    void running.ended.then(() => endings.push('running'))
    void asking.ended.then(() => endings.push('asking'))
    // Its userData is set just before it asks, after it has read the running app's pid from the folder's lock.
    expect((await asking.report('setPath')).detail).toEqual({ name: 'userData', value: dir })
    // The stand-in cannot hand the request across processes as Electron's lock does; SIGTERM takes the same quit path.
    running.child.kill('SIGTERM')
    expect(await running.exited).toBe(0)
    expect(await asking.exited).toBe(0)
    expect(endings).toEqual(['running', 'asking'])
    // Only the lock's key: no Chromium folder, no window, no service of its own.
    expect(asking.reports.filter((entry) => entry.what === 'setPath').map((entry) => entry.detail)).toEqual([{ name: 'userData', value: dir }])
    expect(asking.reports.some((entry) => entry.what === 'window' || entry.what === 'loadURL')).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })
})
