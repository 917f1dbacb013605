/**
 * Settings → new token → Copy never copied in the app: every permission was
 * denied, also the clipboard write Chromium asks for on
 * navigator.clipboard.writeText. Now exactly that one is granted, and only to
 * the app's own page in its top frame; everything else stays refused.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CLIPBOARD_WRITE, guardPermissions, isPermissionAllowed } from '#desktop/web-guards'
import { resetElectronFake, session } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

const APP = 'http://127.0.0.1:7420'
const TOP = { origin: APP, isMainFrame: true }

describe('isPermissionAllowed', () => {
  it('grants the clipboard write to the app’s own top frame', () => {
    expect(isPermissionAllowed(CLIPBOARD_WRITE, TOP, APP)).toBe(true)
  })

  it('refuses it to an iframe, another origin or port, and while no app runs', () => {
    expect(isPermissionAllowed(CLIPBOARD_WRITE, { origin: APP, isMainFrame: false }, APP)).toBe(false)
    expect(isPermissionAllowed(CLIPBOARD_WRITE, { origin: 'http://127.0.0.1:7421', isMainFrame: true }, APP)).toBe(false)
    expect(isPermissionAllowed(CLIPBOARD_WRITE, { origin: 'https://example.org', isMainFrame: true }, APP)).toBe(false)
    expect(isPermissionAllowed(CLIPBOARD_WRITE, { origin: undefined, isMainFrame: true }, APP)).toBe(false)
    expect(isPermissionAllowed(CLIPBOARD_WRITE, TOP, undefined)).toBe(false)
  })

  it('refuses every other permission, the clipboard read included, even to the app', () => {
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'fullscreen', 'unknown']) {
      expect(isPermissionAllowed(permission, TOP, APP), permission).toBe(false)
    }
  })
})

describe('guardPermissions', () => {
  beforeEach(() => resetElectronFake())

  function handlers(appOrigin: () => string | undefined) {
    guardPermissions(session.defaultSession as never, appOrigin)
    const [request] = session.defaultSession.setPermissionRequestHandler.mock.calls[0] as [(...args: unknown[]) => void]
    const [check] = session.defaultSession.setPermissionCheckHandler.mock.calls[0] as [(...args: unknown[]) => boolean]
    return { request, check }
  }

  it('answers requests and checks (Chromium checks, then asks) with the same rule, reading the origin at each ask', () => {
    let origin: string | undefined = APP
    const { request, check } = handlers(() => origin)
    const callback = vi.fn()
    request({}, CLIPBOARD_WRITE, callback, { requestingUrl: `${APP}/#settings`, isMainFrame: true })
    request({}, CLIPBOARD_WRITE, callback, { requestingUrl: `${APP}/`, isMainFrame: false })
    request({}, 'media', callback, { requestingUrl: `${APP}/`, isMainFrame: true })
    expect(callback.mock.calls).toEqual([[true], [false], [false]])
    expect(check({}, CLIPBOARD_WRITE, `${APP}/`, { isMainFrame: true })).toBe(true)
    expect(check({}, CLIPBOARD_WRITE, 'http://evil.example/', { isMainFrame: true })).toBe(false)
    expect(check({}, 'geolocation', APP, { isMainFrame: true })).toBe(false)
    origin = 'http://127.0.0.1:50000' // the service came back on another port
    expect(check({}, CLIPBOARD_WRITE, `${APP}/`, { isMainFrame: true })).toBe(false)
    expect(check({}, CLIPBOARD_WRITE, 'http://127.0.0.1:50000/', { isMainFrame: true })).toBe(true)
  })
})
