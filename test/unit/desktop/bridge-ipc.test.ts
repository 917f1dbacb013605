import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isAppFrame, serveBridge } from '#desktop/bridge-ipc'
import { DESKTOP_BRIDGE_CHANNEL, type DesktopBridgeInfo } from '#shared/desktop-bridge'
import { ipcMain, resetElectronFake } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

const APP = 'http://127.0.0.1:7420'
const BRIDGE: DesktopBridgeInfo = { apiBaseUrl: `${APP}/v3`, token: 't'.repeat(43), version: '0.1.0' }

/** Sends the preload's synchronous request from `frame`; returns what the main process answered. */
function ask(frame: { origin: string; parent: unknown } | null): unknown {
  const event = { senderFrame: frame, returnValue: 'unanswered' as unknown }
  ipcMain.emit(DESKTOP_BRIDGE_CHANNEL, event)
  return event.returnValue
}

describe('the bridge over IPC', () => {
  beforeEach(() => resetElectronFake())

  it('hands the bridge to the app page and nothing to a foreign sender', () => {
    serveBridge(ipcMain as never, { appOrigin: () => APP, bridge: () => BRIDGE })
    expect(ask({ origin: APP, parent: null })).toEqual(BRIDGE)
    expect(ask({ origin: 'https://evil.example', parent: null })).toBeNull()
    expect(ask({ origin: 'http://127.0.0.1:7421', parent: null })).toBeNull()
    expect(ask({ origin: 'null', parent: null })).toBeNull() // a data: or file: page
    expect(ask({ origin: APP, parent: { origin: APP } })).toBeNull() // an iframe, even of our own origin
    expect(ask(null)).toBeNull() // the frame is gone
  })

  it('answers null while no service runs', () => {
    serveBridge(ipcMain as never, { appOrigin: () => undefined, bridge: () => undefined })
    expect(ask({ origin: APP, parent: null })).toBeNull()
  })

  it('checks the frame exactly', () => {
    expect(isAppFrame({ origin: APP, parent: null }, APP)).toBe(true)
    expect(isAppFrame({ origin: APP, parent: null }, undefined)).toBe(false)
  })
})
