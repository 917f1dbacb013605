import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DESKTOP_BRIDGE_CHANNEL, DESKTOP_FILE_CHANNELS, DESKTOP_LABEL_CHANNELS, type DesktopBridge } from '#shared/desktop-bridge'

vi.mock('electron', () => import('./_electron-fake'))

const BUILT = new URL('../../../out/preload/index.cjs', import.meta.url)

describe('the preload script', () => {
  // The preload runs on import, so each test imports it (and the fake it will see) afresh.
  let electron: typeof import('./_electron-fake')
  beforeEach(async () => {
    vi.resetModules()
    // The instance the preload itself gets from its mocked import (after resetModules a direct import may be another).
    electron = (await import('electron')) as unknown as typeof import('./_electron-fake')
    electron.resetElectronFake()
  })

  it('exposes exactly { apiBaseUrl, token, version } as window.plantStore', async () => {
    electron.ipcRenderer.sendSync.mockReturnValue({ apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 'secret', version: '0.1.0', extra: 'never' })
    await import('#main/preload')
    expect(electron.ipcRenderer.sendSync).toHaveBeenCalledWith(DESKTOP_BRIDGE_CHANNEL)
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    const [name, value] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, object]
    expect(name).toBe('plantStore')
    expect(value).toEqual({
      apiBaseUrl: 'http://127.0.0.1:7420/v3',
      token: 'secret',
      version: '0.1.0',
      saveFile: expect.any(Function),
      openFile: expect.any(Function),
      printLabels: expect.any(Function),
      saveLabelsPdf: expect.any(Function)
    })
    expect(Object.isFrozen(value)).toBe(true)
  })

  it('gives the page the file dialogs as two functions, each invoking its own fixed channel', async () => {
    electron.ipcRenderer.sendSync.mockReturnValue({ apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 'secret', version: '0.1.0' })
    await import('#main/preload')
    const bridge = electron.contextBridge.exposeInMainWorld.mock.calls[0]?.[1] as DesktopBridge
    const bytes = new Uint8Array([1, 2, 3])
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ path: '/home/me/plants.csv' })
    expect(await bridge.saveFile('plants.csv', bytes)).toEqual({ path: '/home/me/plants.csv' })
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(DESKTOP_FILE_CHANNELS.save, 'plants.csv', bytes)
    electron.ipcRenderer.invoke.mockResolvedValueOnce(null)
    expect(await bridge.openFile()).toBeNull()
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(DESKTOP_FILE_CHANNELS.open)
  })

  it('gives the page label printing as two functions, each invoking its own fixed channel', async () => {
    electron.ipcRenderer.sendSync.mockReturnValue({ apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 'secret', version: '0.1.0' })
    await import('#main/preload')
    const bridge = electron.contextBridge.exposeInMainWorld.mock.calls[0]?.[1] as DesktopBridge
    expect(await bridge.printLabels('roll')).toBeNull()
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(DESKTOP_LABEL_CHANNELS.print, 'roll')
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ path: '/home/me/labels.pdf' })
    expect(await bridge.saveLabelsPdf('labels.pdf', 'sheet')).toEqual({ path: '/home/me/labels.pdf' })
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(DESKTOP_LABEL_CHANNELS.pdf, 'labels.pdf', 'sheet')
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
