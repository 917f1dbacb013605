/**
 * A sale's receipt as a printable HTML page: the shop's head (name, address, VAT number from the sales settings),
 * the lines, the tax breakdown, the payments and change, and the receipt number as text, laid out for an 80 mm or
 * 58 mm roll or an A5 sheet. Every text from the shop or the catalogue is escaped; the page runs no script.
 */
import { formatMoney, type ShopMoney } from '#shared/money'
import type { ReceiptPaper, Sale } from '#shared/sale'
import type { SalesSettings } from '#shared/tax'

/** The page size and the width the text takes on each paper. */
const PAGE: Record<ReceiptPaper, { size: string; width: string; font: string }> = {
  '80mm': { size: '80mm auto', width: '72mm', font: '9pt' },
  '58mm': { size: '58mm auto', width: '50mm', font: '8pt' },
  a5: { size: 'A5', width: '128mm', font: '10pt' }
}

/** The Content-Security-Policy of a receipt: its own inline style, nothing else (no script, no request). */
export const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)

/** The receipt of `sale` on `paper`, amounts in the shop's currency and locale. */
export function receiptHtml(sale: Sale, settings: SalesSettings, money: ShopMoney, paper: ReceiptPaper): string {
  const amount = (minor: number) => escape(formatMoney(minor / 100, money))
  const row = (left: string, right: string, extra = '') => `<tr${extra}><td>${left}</td><td class="n">${right}</td></tr>`
  const head = [settings.shopName, settings.shopAddress]
    .filter((text): text is string => text !== undefined)
    .map((text) => `<div>${escape(text)}</div>`)
  if (settings.vatNumber !== undefined) head.push(`<div>VAT ${escape(settings.vatNumber)}</div>`)
  const lines = sale.lines.flatMap((line) => [
    row(
      `${line.quantity} × ${escape(line.name)}${line.taxRate ? ` <small>(${escape(line.taxRate.name)})</small>` : ''}`,
      amount(line.unitPrice * line.quantity)
    ),
    ...(line.discount > 0
      ? [row(`&nbsp;&nbsp;discount${line.discountReason ? `: ${escape(line.discountReason)}` : ''}`, `−${amount(line.discount)}`)]
      : []),
    ...(line.priceReason ? [row(`&nbsp;&nbsp;price: ${escape(line.priceReason)}`, '')] : [])
  ])
  const basket = sale.basketDiscount ? [row(`Discount: ${escape(sale.basketDiscount.reason)}`, `−${amount(sale.basketDiscount.amount)}`)] : []
  const tax = sale.totals.taxRates.map((rate) => row(`${escape(rate.name)} on ${amount(rate.base)}`, amount(rate.tax)))
  const taxWord = sale.pricesIncludeTax ? 'Tax included' : 'Tax added'
  const payments = sale.payments.map((payment) =>
    row(
      `${payment.method === 'cash' ? 'Cash' : payment.method === 'card' ? 'Card' : 'Other'}${payment.given !== undefined ? ` (given ${amount(payment.given)})` : ''}`,
      amount(payment.amount)
    )
  )
  const page = PAGE[paper]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Receipt ${sale.receipt}</title>
<style>
@page { size: ${page.size}; margin: 4mm }
body { font: ${page.font}/1.3 ui-monospace, monospace; width: ${page.width}; margin: 0 auto; color: #000 }
header, footer { text-align: center } table { width: 100%; border-collapse: collapse } td.n { text-align: right; white-space: nowrap }
.total td { font-weight: bold; border-top: 1px solid #000 } h2 { font-size: 1em; margin: 0.6em 0 0.2em }
</style></head><body>
<header>${head.join('')}</header>
<p>Receipt <strong id="receipt-number">${sale.receipt}</strong><br>${escape(sale.at.slice(0, 16).replace('T', ' '))} UTC · till ${escape(sale.till)}${sale.staff === undefined ? '' : ` · served by ${escape(sale.staff)}`}</p>
<table>${[...lines, ...basket, row('Total', amount(sale.totals.net), ' class="total"')].join('')}</table>
${tax.length > 0 ? `<h2>${taxWord}</h2><table>${tax.join('')}</table>` : ''}
<h2>Paid</h2><table>${[...payments, ...(sale.change > 0 ? [row('Change', amount(sale.change))] : [])].join('')}</table>
<footer><p>Receipt ${sale.receipt} · keep it for returns</p></footer>
</body></html>
`
}
