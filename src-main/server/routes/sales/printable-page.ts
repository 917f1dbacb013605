/**
 * The frame of the till's printable pages (a receipt, a refund slip, an X or Z report): laid out for an 80 mm or 58 mm roll or an A5
 * sheet, the text escaped, served with a Content-Security-Policy that lets in its own inline style and nothing else
 * (no script, no request).
 */
import type { H3Event } from 'h3'
import type { FieldError } from '#shared/problem'
import { RECEIPT_PAPERS, type PaymentMethod, type ReceiptPaper } from '#shared/sale'
import type { SalesSettings } from '#shared/tax'
import { refuseUnknownParams, throwIfInvalid } from '#server/http/query'

/** The page size and the width the text takes on each paper. */
export const PAGE: Record<ReceiptPaper, { size: string; width: string; font: string }> = {
  '80mm': { size: '80mm auto', width: '72mm', font: '9pt' },
  '58mm': { size: '58mm auto', width: '50mm', font: '8pt' },
  a5: { size: 'A5', width: '128mm', font: '10pt' }
}

/** The Content-Security-Policy of a printable page: its own inline style, nothing else (no script, no request). */
export const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)

/** A table row: text on the left, an amount on the right. */
export const row = (left: string, right: string, extra = '') => `<tr${extra}><td>${left}</td><td class="n">${right}</td></tr>`

/**
 * A sold or refunded line's text: pots, name and the plant's label code (`2 × Basil <small>PS-7</small>`). The code is
 * always there, not only where names repeat: a receipt outlives the catalogue it was printed from (a second "Basil"
 * may come later), and the code is what the label carries and a return is looked up by.
 */
export const lineText = (quantity: number, name: string, plantId: number) => `${quantity} × ${escape(name)} <small>PS-${plantId}</small>`

/** How a payment was made, in words. */
export const PAYMENT_WORDS: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other' }

/** The query's `paper` (80mm when absent); 400 for another parameter or paper. */
export function readPaper(event: H3Event): ReceiptPaper {
  const params = new URLSearchParams(event.url.search)
  const errors: FieldError[] = []
  refuseUnknownParams(params, ['paper'], errors)
  const paper = params.get('paper') ?? '80mm'
  if (!(RECEIPT_PAPERS as readonly string[]).includes(paper))
    errors.push({ field: 'paper', message: `paper must be one of ${RECEIPT_PAPERS.join(', ')}; got "${paper.slice(0, 20)}"` })
  throwIfInvalid(errors)
  return paper as ReceiptPaper
}

/** The shop's head lines: name, address, VAT number (those it has). */
export function shopHead(settings: SalesSettings): string {
  const head = [settings.shopName, ...(settings.shopAddress?.split('\n') ?? [])]
    .filter((text): text is string => text !== undefined)
    .map((text) => `<div>${escape(text)}</div>`)
  if (settings.vatNumber !== undefined) head.push(`<div>VAT ${escape(settings.vatNumber)}</div>`)
  return `<header>${head.join('')}</header>`
}

/** The receipt's footer lines (the shop's returns policy, thanks), or nothing when it has none. */
export function shopFooter(settings: SalesSettings): string {
  if (settings.receiptFooter === undefined) return ''
  return `<div class="shop-footer">${settings.receiptFooter
    .split('\n')
    .map((line) => `<div>${escape(line)}</div>`)
    .join('')}</div>`
}

/** The whole page: `title`, laid out for `paper`, around `body` (already escaped HTML). */
export function printablePage(title: string, paper: ReceiptPaper, body: string): string {
  const page = PAGE[paper]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
@page { size: ${page.size}; margin: 4mm }
body { font: ${page.font}/1.3 ui-monospace, monospace; width: ${page.width}; margin: 0 auto; color: #000 }
header, footer { text-align: center } table { width: 100%; border-collapse: collapse } td.n { text-align: right; white-space: nowrap }
.total td { font-weight: bold; border-top: 1px solid #000 } h2 { font-size: 1em; margin: 0.6em 0 0.2em }
.shop-footer { margin-top: 2mm } .qr { display: block; width: 28mm; height: 28mm; margin: 2mm auto }
</style></head><body>
${body}
</body></html>
`
}

/** `html` as the answer, with the page's policy. */
export function printableResponse(html: string): Response {
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': RECEIPT_CSP, 'x-content-type-options': 'nosniff' }
  })
}
