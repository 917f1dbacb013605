/**
 * A sale's receipt as a printable HTML page: the shop's head (name, address, VAT number from the sales settings),
 * the lines, the tax breakdown, the payments and change, and the receipt number as text and as a QR code (so a
 * return can scan it), and the shop's footer, laid out for an 80 mm or 58 mm roll or an A5 sheet. Every text from the shop or the catalogue
 * is escaped; the page runs no script.
 */
import { asCents, formatCents, type ShopMoney } from '#shared/money'
import { formatShopDateTime } from '#shared/shop-locale'
import { tillLabel } from '#shared/till-label'
import { qrPath } from '#shared/qr-path'
import type { ReceiptPaper, Sale } from '#shared/sale'
import type { SalesSettings } from '#shared/tax'
import { PAYMENT_WORDS, escape, lineText, printablePage, row, shopFooter, shopHead } from './printable-page'

/** What a receipt's QR code holds: the receipt number, as the text says it. */
export const receiptCode = (receipt: number) => String(receipt)

/** The QR code of `text` as an inline SVG (a quiet zone of 4 modules round it), drawn black on white for any printer. */
function qrSvg(text: string, label: string): string {
  const { size, d } = qrPath(text)
  const side = size + 8
  return `<svg class="qr" role="img" aria-label="${escape(label)}" viewBox="-4 -4 ${side} ${side}" shape-rendering="crispEdges"><rect x="-4" y="-4" width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`
}

/** The receipt of `sale` on `paper`, amounts, date and time in the shop's currency and locale. */
export function receiptHtml(sale: Sale, settings: SalesSettings, money: ShopMoney & { timeZone: string }, paper: ReceiptPaper): string {
  const amount = (minor: number) => escape(formatCents(asCents(minor), money))
  const lines = sale.lines.flatMap((line) => [
    row(
      `${lineText(line.quantity, line.name, line.plantId)}${line.taxRate ? ` <small>(${escape(line.taxRate.name)})</small>` : ''}`,
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
    row(`${PAYMENT_WORDS[payment.method]}${payment.given !== undefined ? ` (given ${amount(payment.given)})` : ''}`, amount(payment.amount))
  )
  return printablePage(
    `Receipt ${sale.receipt}`,
    paper,
    `${shopHead(settings)}
<p>Receipt <strong id="receipt-number">${sale.receipt}</strong><br>${escape(formatShopDateTime(sale.at, money))} · ${escape(tillLabel(sale.till))}${sale.staff === undefined ? '' : ` · served by ${escape(sale.staff)}`}</p>
<table>${[...lines, ...basket, row('Total', amount(sale.totals.net), ' class="total"')].join('')}</table>
${tax.length > 0 ? `<h2>${taxWord}</h2><table>${tax.join('')}</table>` : ''}
<h2>Paid</h2><table>${[...payments, ...(sale.change > 0 ? [row('Change', amount(sale.change))] : [])].join('')}</table>
<footer>${qrSvg(receiptCode(sale.receipt), `receipt ${sale.receipt}`)}<p>Receipt ${sale.receipt} · keep it for returns</p>${shopFooter(settings)}</footer>`
  )
}
