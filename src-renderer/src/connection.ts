/**
 * Where the API is and which token to send. In the desktop app the preload
 * script hands both over (window.plantStore); in a browser the token arrives
 * once in the URL fragment (#token=…), which never reaches a server or a log,
 * is kept for this tab's session and removed from the address bar at once.
 */
import { FIRST_RUN_SCREEN, type SetupState } from '#shared/first-run'

/** Where the UI's API calls go. */
export interface Connection {
  /** Base URL ending in /v3. */
  baseUrl: string
  token: string | undefined
}

export const TOKEN_STORAGE_KEY = 'plant-store.token'

function sessionStore(win: Window): Storage | undefined {
  try {
    return win.sessionStorage
  } catch {
    return undefined // storage disabled: the token then lives only as long as the page
  }
}

/** Reads the connection for this page, moving a fragment token into session storage. */
export function readConnection(win: Window = window): Connection {
  const bridge = win.plantStore
  const fragment = new URLSearchParams(win.location.hash.replace(/^#/, ''))
  const fromFragment = fragment.get('token') || undefined
  const storage = sessionStore(win)
  if (fromFragment !== undefined) {
    storage?.setItem(TOKEN_STORAGE_KEY, fromFragment)
    fragment.delete('token')
    const rest = fragment.toString()
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${rest ? `#${rest}` : ''}`)
  }
  const token = bridge?.token ?? fromFragment ?? storage?.getItem(TOKEN_STORAGE_KEY) ?? undefined
  const baseUrl = bridge?.apiBaseUrl ?? new URL('/v3', win.location.origin).href
  return { baseUrl, token }
}

/** True in the desktop app's window, where the preload hands over the connection. */
export function inDesktopApp(win: Window = window): boolean {
  return win.plantStore !== undefined
}

/**
 * What the desktop window says when the API refuses its token (`plant-store token --rotate`
 * ran): a reload asks the app for the current token, so there is no address to open again.
 */
export const DESKTOP_TOKEN_REFUSED = 'The access token was not accepted (it may have been rotated). Choose View → Reload to pick up the new one.'

/**
 * The token in what staff pasted on the locked page: the access code itself, or the whole link
 * (`http://…/#token=…`) copied from `plant-store token --link`. Undefined for blank text.
 */
export function accessCodeIn(text: string): string | undefined {
  const trimmed = text.trim()
  const fromLink = /#(?:.*&)?token=([^&\s]+)/.exec(trimmed)?.[1]
  const code = fromLink === undefined ? trimmed : decodeURIComponent(fromLink)
  return code === '' ? undefined : code
}

/** Keeps `code` as this tab's token and reloads the page with it. */
export function useAccessCode(code: string, win: Window = window): void {
  sessionStore(win)?.setItem(TOKEN_STORAGE_KEY, code)
  win.location.reload()
}

/** True when the page was opened on the first-run screen (`#…&screen=first-run`: a computer never set up). */
export function opensOnFirstRun(win: Window = window): boolean {
  return new URLSearchParams(win.location.hash.replace(/^#/, '')).get(FIRST_RUN_SCREEN.key) === FIRST_RUN_SCREEN.value
}

/** sessionStorage key: what a first run just set this computer up as, for the staff UI to say once. */
export const SET_UP_KEY = 'plant-store.set-up'

/** Keeps what the computer became and opens the staff UI in its place (the token stays in this tab's session). */
export function openStaffUi(state: SetupState, win: Window = window): void {
  sessionStore(win)?.setItem(SET_UP_KEY, JSON.stringify(state))
  win.location.replace(win.location.pathname)
}

/** What a first run set this computer up as, once: read and forgotten. */
export function takeSetUpNotice(win: Window = window): SetupState | undefined {
  const storage = sessionStore(win)
  const text = storage?.getItem(SET_UP_KEY)
  storage?.removeItem(SET_UP_KEY)
  try {
    return text ? (JSON.parse(text) as SetupState) : undefined
  } catch {
    return undefined
  }
}
