/**
 * Electron's security checklist applied to web contents: no navigation away
 * from the app, no new windows, no <webview>, no permission but the
 * clipboard write for the app's own page. The URL decisions are in url-policy.ts.
 */
import { shell, type App, type Session, type WebContents } from 'electron'
import { judgeNavigation, judgeNewWindow, originOf } from './url-policy'

/** Opens a web link in the default browser; a failure (no browser) is only logged. */
function openInBrowser(url: string): void {
  shell.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url} in the browser:`, error))
}

/**
 * Guards every web contents the app ever creates (Electron's checklist: in
 * 'web-contents-created', so no window, dialog or contents added later is
 * missed). `originFor` says which origin a contents may show, read at each
 * navigation: the app's for its main window, none for any other.
 */
export function guardAllWebContents(app: Pick<App, 'on'>, originFor: (contents: WebContents) => string | undefined): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, () => originFor(contents)))
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

/** The one permission the staff UI uses: writing text to the clipboard (Settings → new token → Copy). */
export const CLIPBOARD_WRITE = 'clipboard-sanitized-write'

/** The frame asking for a permission: its origin, and whether it is the page's top frame. */
export interface PermissionAsker {
  origin: string | undefined
  isMainFrame: boolean
}

/**
 * Whether `permission` may be granted to `asker`: only the clipboard write
 * (navigator.clipboard.writeText), and only to the app's own page in its top
 * frame. Everything else (camera, notifications, geolocation, clipboard read,
 * …) is refused: the staff UI needs none, so none can be abused.
 */
export function isPermissionAllowed(permission: string, asker: PermissionAsker, appOrigin: string | undefined): boolean {
  return permission === CLIPBOARD_WRITE && asker.isMainFrame && appOrigin !== undefined && asker.origin === appOrigin
}

/**
 * Answers every permission request and check of `session` with
 * {@link isPermissionAllowed}; `appOrigin()` is read at each ask (a restart may
 * change the port). Chromium checks before it asks, so both handlers decide.
 */
export function guardPermissions(session: Session, appOrigin: () => string | undefined): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, { origin: originOf(details.requestingUrl), isMainFrame: details.isMainFrame }, appOrigin()))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, { origin: originOf(requestingOrigin), isMainFrame: details.isMainFrame }, appOrigin())
  )
}
