/**
 * A refund's slip to hand the customer, laid out as the receipt is (printable-page.ts: an 80 mm or 58 mm roll or an
 * A5 sheet): the shop's head, the refund's number and the original receipt's, when, at which till and by whom, the
 * lines given back, the tax in the money back, the money back by method, and the reason. Every text from the shop,
 * the catalogue or the person at the till is escaped; the page runs no script.
 */
import { asCents, formatCents, type ShopMoney } from '#shared/money'
import { formatShopDateTime } from '#shared/shop-locale'
import { tillLabel } from '#shared/till-label'
import type { ReceiptPaper, Refund } from '#shared/sale'
import type { SalesSettings } from '#shared/tax'
import { PAYMENT_WORDS, escape, lineText, printablePage, row, shopHead } from './printable-page'

/** The slip of `refund` on `paper`, amounts in the shop's currency and locale. */
export function refundSlipHtml(refund: Refund, settings: SalesSettings, money: ShopMoney & { timeZone: string }, paper: ReceiptPaper): string {
  const amount = (minor: number) => escape(formatCents(asCents(minor), money))
  const lines = refund.lines.map((line) => row(lineText(line.quantity, line.name, line.plantId), amount(line.total)))
  const tax = refund.taxRates.map((rate) => row(`${escape(rate.name)} on ${amount(rate.base)}`, amount(rate.tax)))
  const payments = refund.payments.map((payment) => row(PAYMENT_WORDS[payment.method], amount(payment.amount)))
  return printablePage(
    `Refund ${refund.refund} of receipt ${refund.receipt}`,
    paper,
    `${shopHead(settings)}
<p><strong>Refund slip</strong><br>Refund <strong id="refund-number">${refund.refund}</strong> of receipt <strong id="receipt-number">${refund.receipt}</strong><br>${escape(formatShopDateTime(refund.at, money))} · ${escape(tillLabel(refund.till))}${refund.staff === undefined ? '' : ` · served by ${escape(refund.staff)}`}</p>
<table>${[...lines, row('Refunded', amount(refund.total), ' class="total"')].join('')}</table>
${tax.length > 0 ? `<h2>Tax included</h2><table>${tax.join('')}</table>` : ''}
<h2>Money back</h2><table>${payments.join('')}</table>
${refund.reason.trim() === '' ? '' : `<p>Reason: ${escape(refund.reason)}</p>`}
<footer><p>Refund ${refund.refund} of receipt ${refund.receipt} · keep it with the receipt</p></footer>`
  )
}
