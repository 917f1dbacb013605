import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DESKTOP_BRIDGE_CHANNEL } from '#shared/desktop-bridge'

vi.mock('electron', () => import('./_electron-fake'))

const BUILT = new URL('../../../out/preload/index.cjs', import.meta.url)

describe('the preload script', () => {
  // The preload runs on import, so each test imports it (and the fake it will see) afresh.
  let electron: typeof import('./_electron-fake')
  beforeEach(async () => {
    vi.resetModules()
    electron = await import('./_electron-fake')
  })

  it('exposes exactly { apiBaseUrl, token, version } as window.plantStore', async () => {
    electron.ipcRenderer.sendSync.mockReturnValue({ apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 'secret', version: '0.1.0', extra: 'never' })
    await import('#main/preload')
    expect(electron.ipcRenderer.sendSync).toHaveBeenCalledWith(DESKTOP_BRIDGE_CHANNEL)
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    const [name, value] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, object]
    expect(name).toBe('plantStore')
    expect(value).toEqual({ apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 'secret', version: '0.1.0' })
    expect(Object.isFrozen(value)).toBe(true)
  })

  it('exposes nothing when the main process refuses (not the app page)', async () => {
    electron.ipcRenderer.sendSync.mockReturnValue(null)
    await import('#main/preload')
    expect(electron.contextBridge.exposeInMainWorld).not.toHaveBeenCalled()
  })

  it('is built as CommonJS, as a sandboxed preload must be', () => {
    const code = readFileSync(BUILT, 'utf8')
    expect(code).toMatch(/require\("electron"\)/)
    expect(code).not.toMatch(/^\s*(import|export)\s/m)
    // Only Electron itself is required: a sandboxed preload cannot load anything else.
    expect([...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1])).toEqual(['electron'])
  })
})
