/**
 * Electron's security checklist applied to web contents: no navigation away
 * from the app, no new windows, no <webview>, no permissions. The decisions
 * themselves are in url-policy.ts.
 */
import { shell, type Session, type WebContents } from 'electron'
import { judgeNavigation, judgeNewWindow } from './url-policy'

/** Opens a web link in the default browser; a failure (no browser) is only logged. */
function openInBrowser(url: string): void {
  shell.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url} in the browser:`, error))
}

/**
 * Keeps `contents` on `appOrigin()` (read at each navigation: the origin
 * changes if the server restarts on another port). Links to other web pages
 * open in the default browser; anything else is refused. With no origin the
 * contents may not navigate at all (the API reference window).
 */
export function guardWebContents(contents: WebContents, appOrigin: () => string | undefined = () => undefined): void {
  contents.on('will-navigate', (event) => {
    const verdict = judgeNavigation(event.url, appOrigin())
    if (verdict === 'stay') return
    event.preventDefault()
    if (verdict === 'open-externally') openInBrowser(event.url)
  })
  // A redirect is the server's doing, not a link the user chose: leaving the app that way is refused outright.
  contents.on('will-redirect', (event) => {
    if (judgeNavigation(event.url, appOrigin()) !== 'stay') event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    if (judgeNewWindow(url) === 'open-externally') openInBrowser(url)
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/**
 * Refuses every permission (camera, notifications, geolocation, …) to every
 * page of `session`: the staff UI needs none, so none can be abused.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}
