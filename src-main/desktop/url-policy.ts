/**
 * Where the app's windows may go. Plain functions of URLs, so the rules are
 * tested without Electron; web-guards.ts applies them to web contents.
 */

/** What to do with a navigation or a request for a new window. */
export type UrlVerdict =
  /** The app's own page: let it load in the window. */
  | 'stay'
  /** A web page elsewhere: open it in the default browser, never in the app. */
  | 'open-externally'
  /** Anything else (file:, javascript:, data:, custom schemes…): refuse. */
  | 'refuse'

/** The serialized origin of `url` (e.g. http://127.0.0.1:7420), or undefined for a malformed URL. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Decides about a navigation to `url` from a window showing `appOrigin`.
 * Only the exact origin stays (scheme, host and port), so a page on another
 * port of this computer is treated like any other site.
 */
export function judgeNavigation(url: string, appOrigin: string | undefined): UrlVerdict {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'refuse'
  }
  if (appOrigin !== undefined && parsed.origin === appOrigin) return 'stay'
  // Only web links are handed to the browser: shell.openExternal on file: or a custom scheme could run a program.
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? 'open-externally' : 'refuse'
}

/** Decides about `window.open(url)` / target=_blank: never a new app window; web links go to the browser. */
export function judgeNewWindow(url: string): Exclude<UrlVerdict, 'stay'> {
  return judgeNavigation(url, undefined) === 'open-externally' ? 'open-externally' : 'refuse'
}
