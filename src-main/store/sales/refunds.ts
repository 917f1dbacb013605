/**
 * Refunds: lines of a sale given back, each with whether its pots go back into stock (a plant that died does not),
 * the money back by the rule of sale-totals.ts (the last pots of a line take what is left), never more than was sold
 * over all the refunds of the sale. The refund's record, its restocking movements (reason returned) and their change
 * log entries are ONE journal line; an Idempotency-Key makes a retry answer the first refund.
 */
import type { FieldError } from '#shared/problem'
import type { NewRefund, Refund, RefundLine } from '#shared/sale'
import { refundShare, settle, taxLinesOf } from '#shared/sale-totals'
import type { StockLine } from '#shared/stock'
import { staffOf, type Actor } from '#store/history/history-actor'
import type { StockMovements } from '#store/stock/stock-movements'
import type { SaleHost } from './sale-book'
import { fingerprintOf, replayOf } from './sale-book'
import { RefundOverLimitError, SaleRefusedError, UnknownReceiptError } from './sale-errors'
import { journalRecordOf, publicOf, type RefundRecord, type SaleRecord } from './sale-records'

/** A refund to make: the sale's receipt number, the checked body, and the Idempotency-Key it came with. */
export interface RefundRequest {
  receipt: number
  refund: NewRefund
  key?: string
  /** The most the sale's refunds, this one with the earlier, may give back (minor units): RefundOverLimitError above it (a staff member's refund limit). */
  limit?: number
}

const WHAT = 'The refund was not made'

/** The movements to announce once saved. */
type Moved = Parameters<StockMovements['announce']>[0]

/** The store's refunds (`store.refunds.make(…)`). */
export class Refunds {
  constructor(private readonly host: SaleHost) {}

  /**
   * Makes a refund as `actor` (its till: `by`), all or nothing. Refused, changing nothing: UnknownReceiptError, SaleRefusedError (invalid: a line
   * the sale does not have, payments that do not add up; beyond: more pots than are left to refund; key-reused),
   * StockRefusedError (a restock the plant cannot take, e.g. a single plant that is not sold).
   */
  async make(request: RefundRequest, actor: Actor): Promise<{ refund: Refund; replayed: boolean }> {
    const till = actor.by
    const fingerprint = fingerprintOf('refund', [request.receipt, request.refund])
    await this.host.ledger.load() // read at its first use after a start
    const outcome = await this.host.submit<{ refund: Refund; replayed: boolean; moved: Moved }>(() => {
      const { ledger } = this.host
      const found = request.key === undefined ? undefined : ledger.findKey(till, request.key)
      if (found)
        return replayOf(found, fingerprint, WHAT, () => ({
          refund: publicOf(found.record as RefundRecord),
          replayed: true,
          moved: { plants: [], movements: [] }
        }))
      const sale = ledger.sale(request.receipt)
      if (!sale) throw new UnknownReceiptError(request.receipt)
      const lines = this.#linesOf(sale, request.refund)
      const total = lines.reduce((sum, line) => sum + line.total, 0)
      if (request.limit !== undefined) {
        // Counted over every refund of the sale: five refunds of 8.00 give back 40.00 as surely as one does.
        const givenBack = ledger.refundsOf(sale.receipt).reduce((sum, earlier) => sum + earlier.total, total)
        if (givenBack > request.limit) throw new RefundOverLimitError(givenBack, request.limit)
      }
      const payments = request.refund.payments ?? [{ method: sale.payments[0]?.method ?? 'cash', amount: total }]
      const settled = settle(payments, total)
      if (!settled.ok) throw new SaleRefusedError('invalid', settled.errors, WHAT)
      const at = this.host.now().toISOString()
      const number = ledger.next('refund')
      const note = `refund ${number} of receipt ${sale.receipt}`
      const restock: StockLine[] = lines
        .filter((line) => line.restock)
        .map((line) => ({ id: line.plantId, change: line.quantity, reason: 'returned', note }))
      const moved = this.host.stock.stageLines(restock, actor, at)
      const record: RefundRecord = {
        kind: 'refund',
        refund: number,
        receipt: sale.receipt,
        at,
        till,
        ...staffOf(actor),
        day: ledger.currentDay,
        reason: request.refund.reason,
        lines,
        total,
        tax: lines.reduce((sum, line) => sum + line.tax, 0),
        taxRates: taxLinesOf(lines),
        payments,
        ...(request.key === undefined ? {} : { key: { by: till, key: request.key, fingerprint } })
      }
      ledger.stage(record)
      return { result: { refund: publicOf(record), replayed: false, moved }, changes: [...moved.changes, { record: journalRecordOf(record) }] }
    })
    if (!outcome.replayed) this.host.stock.announce(outcome.moved)
    return { refund: outcome.refund, replayed: outcome.replayed }
  }

  /** The refund's lines priced, checked against what is left of each sale line after every earlier refund. */
  #linesOf(sale: SaleRecord, refund: NewRefund): RefundLine[] {
    const refunded = new Map<number, { quantity: number; total: number; tax: number }>()
    for (const earlier of this.host.ledger.refundsOf(sale.receipt)) for (const line of earlier.lines) add(refunded, line.line, line)
    const errors: FieldError[] = []
    let beyond = false
    const lines = refund.lines.map((asked, index): RefundLine | undefined => {
      const sold = sale.lines[asked.line - 1]
      if (!sold) {
        errors.push({
          field: `lines[${index}].line`,
          message: `receipt ${sale.receipt} has ${sale.lines.length} line(s); there is no line ${asked.line}`
        })
        return undefined
      }
      const before = refunded.get(asked.line) ?? { quantity: 0, total: 0, tax: 0 }
      if (before.quantity + asked.quantity > sold.quantity) {
        beyond = true
        const left = sold.quantity - before.quantity
        errors.push({
          field: `lines[${index}].quantity`,
          message: `line ${asked.line} sold ${sold.quantity} of "${sold.name}" and ${left} of them are left to refund`
        })
        return undefined
      }
      const share = refundShare(sold, asked.quantity, before)
      add(refunded, asked.line, { quantity: asked.quantity, ...share })
      return {
        line: asked.line,
        plantId: sold.plantId,
        name: sold.name,
        quantity: asked.quantity,
        restock: asked.restock,
        ...share,
        taxRate: sold.taxRate
      }
    })
    if (errors.length > 0) throw new SaleRefusedError(beyond ? 'beyond' : 'invalid', errors, WHAT)
    return lines as RefundLine[]
  }
}

function add(
  refunded: Map<number, { quantity: number; total: number; tax: number }>,
  line: number,
  amounts: { quantity: number; total: number; tax: number }
): void {
  const so = refunded.get(line) ?? { quantity: 0, total: 0, tax: 0 }
  refunded.set(line, { quantity: so.quantity + amounts.quantity, total: so.total + amounts.total, tax: so.tax + amounts.tax })
}
