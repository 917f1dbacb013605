/**
 * Shows a printable page the server made (a receipt) inside the UI: its body in a shadow root, its style sheet
 * adopted there. The UI's Content-Security-Policy allows no inline style and no frame, and the page needs the
 * API token to be read, so it is fetched by the client and shown this way. Nothing in it runs: DOMParser runs no
 * script, and the server's receipt has none.
 */

/** Puts the page `html` into `host`'s shadow root, replacing what was there. */
export function showPage(host: HTMLElement, html: string): void {
  // The style sheets are taken out before parsing: a <style> parsed under the UI's policy is refused (and reported).
  const STYLE = /<style>([\s\S]*?)<\/style>/g
  const css = [...html.matchAll(STYLE)].map((match) => match[1]).join('\n')
  const page = new DOMParser().parseFromString(html.replace(STYLE, ''), 'text/html')
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const sheet = new CSSStyleSheet()
  // The page's body rule styles the shadow root's host; @page means nothing in a shadow root.
  sheet.replaceSync(css.replace(/@page\s*{[^}]*}/g, '').replace(/\bbody\b/g, ':host'))
  root.adoptedStyleSheets = [sheet]
  root.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)))
}
