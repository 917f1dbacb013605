/**
 * The built desktop main process (out/main/index.js) run in plain Node with a
 * stand-in for Electron (fake-electron/), since the Electron binary cannot run
 * here: proves the bundle's wiring end to end — real service, the UI served
 * to the window's address, the preload path, the quit path, the start dialog.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { makeTempDir } from '../_setup/temp-dir'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = path.join(ROOT, 'out/main/index.js')
const REGISTER = fileURLToPath(new URL('./fake-electron/register.mjs', import.meta.url))

interface Report {
  what: string
  detail: unknown
}

/** Starts the built main process on `dataDir`; collects what it asked of Electron. */
function startMain(dataDir: string) {
  const child = spawn(process.execPath, ['--import', REGISTER, MAIN], {
    cwd: ROOT,
    env: { ...process.env, PLANT_STORE_DATA: dataDir, PLANT_STORE_PORT: '0', PLANT_STORE_TOKEN: undefined },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  onTestFinished(() => void child.kill('SIGKILL'))
  const reports: Report[] = []
  let stderr = ''
  let buffered = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      const match = /^\[electron\] (\S+) (.*)$/.exec(line)
      if (match) reports.push({ what: match[1] ?? '', detail: JSON.parse(match[2] ?? 'null') })
    }
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const report = async (what: string): Promise<Report> => {
    for (let waited = 0; waited < 15_000; waited += 25) {
      const found = reports.find((entry) => entry.what === what)
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`no "${what}" from the main process; stderr: ${stderr}`)
  }
  return { child, exited, report, reports }
}

describe('the built desktop main process', () => {
  it('serves the UI at the address its window loads, with the built preload, and quits cleanly on SIGTERM', async () => {
    const dir = await makeTempDir()
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
    expect(main.reports.find((entry) => entry.what === 'setPath')?.detail).toEqual({ name: 'userData', value: dir })
    expect(existsSync(path.join(dir, 'server.json'))).toBe(true)
    main.child.kill('SIGTERM')
    expect(await main.exited).toBe(0)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
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
})
