/**
 * A day's report as a printable page, on the receipt's papers and with its policy: the X report (the day being traded
 * so far) or the Z report (a closed day with the cash counted and the difference). Sales and refunds once each, money
 * as net takings, by payment method and by tax rate.
 */
import type { DayClose, DayReport } from '#shared/day'
import { asCents, formatCents, type ShopMoney } from '#shared/money'
import { formatShopDateTime } from '#shared/shop-locale'
import { tillLabel } from '#shared/till-label'
import type { SalesSettings } from '#shared/tax'
import type { ReceiptPaper } from '#shared/sale'
import { escape, printablePage, row, shopHead } from './printable-page'

/** The X report of `report` (no `close`) or the Z report of the closed day `close`, on `paper`. */
export function dayReportHtml(
  report: DayReport,
  close: DayClose | undefined,
  settings: SalesSettings,
  money: ShopMoney & { timeZone: string },
  paper: ReceiptPaper
): string {
  const time = (iso: string) => escape(formatShopDateTime(iso, money))
  const amount = (minor: number) => escape(formatCents(asCents(minor), money))
  const signed = (minor: number) => (minor > 0 ? `+${amount(minor)}` : minor < 0 ? `−${amount(-minor)}` : amount(0))
  const title = close ? `Z report, day ${report.day}` : `X report, day ${report.day} (not closed)`
  const when = [
    report.openedAt ? `opened ${time(report.openedAt)}` : 'the first day',
    close ? `closed ${time(close.closedAt)} · ${escape(tillLabel(close.till))}` : 'so far'
  ]
  const takings = [
    row(`Sales (${report.sales})`, amount(report.gross)),
    row('Discounts', `−${amount(report.discounts)}`),
    row(`Refunds (${report.refunds})`, `−${amount(report.refunded)}`),
    row('Net takings', amount(report.net), ' class="total"')
  ]
  const methods = [row('Cash', amount(report.payments.cash)), row('Card', amount(report.payments.card)), row('Other', amount(report.payments.other))]
  const tax = report.taxRates.map((rate) => row(`${escape(rate.name)} on ${amount(rate.base)}`, amount(rate.tax)))
  const cash = [
    row('Opening float', amount(report.openingFloat)),
    row('Expected in the drawer', amount(report.expectedCash)),
    ...(close
      ? [
          row('Counted', amount(close.counted)),
          row(close.difference < 0 ? 'Short' : close.difference > 0 ? 'Over' : 'Difference', signed(close.difference), ' class="total"'),
          row('Left for the next day', amount(close.nextFloat))
        ]
      : [])
  ]
  return printablePage(
    title,
    paper,
    `${shopHead(settings)}
<p><strong id="report-title">${escape(title)}</strong><br>${when.join('<br>')}</p>
<table>${takings.join('')}</table>
<h2>By payment</h2><table>${methods.join('')}</table>
${tax.length > 0 ? `<h2>Tax</h2><table>${[...tax, row('All tax', amount(report.tax))].join('')}</table>` : ''}
<h2>Cash</h2><table>${cash.join('')}</table>`
  )
}
