/** How `plant-store sales list` and `day show` name people and write a day's records: shop words, never token names. */
import type { DayClose, DayReport } from '#shared/day'
import { OWN_ACTORS } from '#shared/named-token'
import type { Refund, Sale } from '#shared/sale'
import { shopTime } from '#shared/shop-day'
import { moneyOf, type ShopWords } from './money-output'

/**
 * Who served: the staff member at the till; else the paired till's name; else "Till" (the main computer's own
 * window sells as `ui`, a name of the change log a shop never chose: docs/scripts.md, named tokens).
 */
export function servedBy(record: { till: string; staff?: string }): string {
  if (record.staff !== undefined) return record.staff
  return OWN_ACTORS.has(record.till) ? 'Till' : record.till
}

/** The shop's clock time of `at` ("14:02" in its time zone), as the receipt prints it. */
const clockOf = (at: string, shop: ShopWords) => shopTime(at, shop.timeZone).slice(11)

/** A day's sales and refunds, one line each, oldest first: number, time, who served and the amount with its currency. */
export function salesLines(listed: { sales: readonly Sale[]; refunds: readonly Refund[] }, shop: ShopWords): string[] {
  return [
    ...listed.sales.map((sale) => `receipt ${sale.receipt}  ${clockOf(sale.at, shop)}  ${servedBy(sale)}  ${moneyOf(sale.totals.net, shop)}`),
    ...listed.refunds.map(
      (refund) =>
        `refund ${refund.refund} of receipt ${refund.receipt}  ${clockOf(refund.at, shop)}  ${servedBy(refund)}  ${moneyOf(-refund.total, shop)}`
    )
  ]
}

/** A day's figures (the X report, or a closed day's Z report), amounts in the shop's money. */
export function reportLines(report: DayReport, shop: ShopWords): string[] {
  const money = (minor: number) => moneyOf(minor, shop)
  return [
    `Day ${report.day}: ${report.sales} sale(s), ${report.refunds} refund(s)`,
    `gross ${money(report.gross)}  discounts ${money(report.discounts)}  refunded ${money(report.refunded)}  net ${money(report.net)}`,
    `cash ${money(report.payments.cash)}  card ${money(report.payments.card)}  other ${money(report.payments.other)}`,
    ...report.taxRates.map((rate) => `tax ${rate.name}: ${money(rate.tax)} on ${money(rate.base)}`),
    ...(report.staff ?? []).map((member) => `${member.staff}: ${member.sales} sale(s), ${member.refunds} refund(s), net ${money(member.net)}`),
    `opening float ${money(report.openingFloat)}  expected cash ${money(report.expectedCash)}`
  ]
}

/** How the drawer compared with what was expected: "short £0.87", "over £2.00", "exact". */
function differenceWords(difference: number, shop: ShopWords): string {
  if (difference === 0) return 'difference none'
  return `difference ${moneyOf(difference, shop)} (${difference < 0 ? 'short' : 'over'})`
}

/** A Z report: the day's figures, then the cash counted against the cash expected, and the float left for the next day. */
export function zReportLines(closed: DayClose, shop: ShopWords): string[] {
  return [
    ...reportLines(closed.report, shop),
    `counted ${moneyOf(closed.counted, shop)}  ${differenceWords(closed.difference, shop)}  left for the next day ${moneyOf(closed.nextFloat, shop)}`
  ]
}

/** A closed day looked up later: who closed it and when, then its Z report. */
export function closedDayLines(closed: DayClose, shop: ShopWords): string[] {
  return [`Day ${closed.day} closed ${shopTime(closed.closedAt, shop.timeZone)} by ${servedBy(closed)}`, ...zReportLines(closed, shop)]
}
