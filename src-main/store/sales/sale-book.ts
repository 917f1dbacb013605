/**
 * Completing a sale: the basket priced from the catalogue as the serialised step sees it, the payments settled,
 * every line's stock movement (reason sold; a single plant becomes sold), the change log entries and the sale's
 * record with the next receipt number, all in ONE journal line (one write, one fsync), or nothing. An
 * Idempotency-Key makes a retry answer the first sale and sell nothing again. See docs/data-safety.md.
 */
import { createHash } from 'node:crypto'
import type { NewSale, Sale } from '#shared/sale'
import { priceSale } from '#shared/sale-pricing'
import type { SalesSettings } from '#shared/tax'
import { staffOf, type Actor } from '#store/history/history-actor'
import { PlantsNotEditableError } from '#store/catalogue/plant-edits'
import type { StagedChange } from '#store/catalogue/unit-of-work'
import type { StoredPlant } from '#store/catalogue/stored-plant'
import type { StockMovements } from '#store/stock/stock-movements'
import type { StreamHost } from '#store/streams/record-stream'
import type { FoundRecord, SalesLedger } from './sales-ledger'
import { SaleRefusedError } from './sale-errors'
import { journalRecordOf, publicOf, type RecordKey, type SaleRecord } from './sale-records'

/** What the sales need of the store: what it lends every record stream, with the stock movements and the ledger at hand. */
export interface SaleHost extends Omit<StreamHost, 'stock'> {
  stock: StockMovements
  ledger: SalesLedger
}

/**
 * A sale to complete: the checked body, the shop's sales settings, the Idempotency-Key it came with, and for a sale
 * made offline at a till (sent later from its outbox), when it was made there.
 */
export interface SaleRequest {
  sale: NewSale
  settings: SalesSettings
  key?: string
  madeOfflineAt?: string
}

/** The sale as saved, and whether it is the answer of an earlier call with the same key. */
export interface SaleOutcome {
  sale: Sale
  replayed: boolean
}

/** A print of a checked body: the same request gives the same print. */
export function fingerprintOf(kind: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, body]), 'utf8')
    .digest('base64url')
}

/**
 * The answer an earlier call with the same key gave, tied to the write of its batch when that is still being
 * written; SaleRefusedError (key-reused) when the key came with another body.
 */
export function replayOf<R>(found: FoundRecord, fingerprint: string, what: string, answer: () => R): { result: R; change?: StagedChange } {
  if (found.record.key?.fingerprint !== fingerprint)
    throw new SaleRefusedError(
      'key-reused',
      [{ field: 'Idempotency-Key', message: `the key "${found.record.key?.key}" was used for another body` }],
      what
    )
  return found.pending ? { result: answer(), change: {} } : { result: answer() }
}

/** The store's sales (`store.sales.complete(…)`); refunds and days beside it. */
export class SaleBook {
  constructor(private readonly host: SaleHost) {}

  /**
   * Completes a sale made by `actor` (`by`: the till whose takings it counts in), all or nothing. Refused, changing
   * nothing: PlantsNotEditableError (a plant unknown or deleted),
   * SaleRefusedError (invalid, short, key-reused), StockRefusedError (more pots than on hand: a sale made here never
   * takes stock below zero; count the shelf first). A sale made offline at a till (`madeOfflineAt`) is never refused
   * for stock: the till already handed the pots over; a line it takes below zero is flagged for a count.
   */
  async complete(request: SaleRequest, actor: Actor): Promise<SaleOutcome> {
    const till = actor.by
    const what = 'The sale was not completed'
    const fingerprint = fingerprintOf('sale', request.sale)
    await this.host.ledger.load() // read at its first use after a start
    const outcome = await this.host.submit<SaleOutcome & { plants: Parameters<StockMovements['announce']>[0] }>(() => {
      const { ledger } = this.host
      const found = request.key === undefined ? undefined : ledger.findKey(till, request.key)
      if (found)
        return replayOf(found, fingerprint, what, () => ({
          sale: publicOf(found.record as SaleRecord),
          replayed: true,
          plants: { plants: [], movements: [] }
        }))
      const { sale, settings } = request
      const plants = this.#plantsOf(sale)
      const priced = priceSale(sale, (id) => plants.get(id)!, settings)
      if (!priced.ok) throw new SaleRefusedError(priced.kind, priced.errors, what)
      const at = this.host.now().toISOString()
      const stockLines = sale.lines.map((line) => ({ id: line.plantId, change: -line.quantity, reason: 'sold' as const }))
      const receipt = ledger.next('sale')
      const { madeOfflineAt } = request
      const offline = madeOfflineAt === undefined ? undefined : { till, receipt, soldAt: madeOfflineAt }
      const staged = this.host.stock.stageLines(stockLines, actor, at, undefined, offline)
      const key: RecordKey | undefined = request.key === undefined ? undefined : { by: till, key: request.key, fingerprint }
      const record: SaleRecord = {
        kind: 'sale',
        receipt,
        at,
        ...(madeOfflineAt === undefined ? {} : { madeOfflineAt }),
        till,
        ...staffOf(actor),
        day: ledger.currentDay,
        pricesIncludeTax: settings.pricesIncludeTax,
        lines: priced.lines,
        ...(sale.discount ? { basketDiscount: sale.discount } : {}),
        totals: priced.totals,
        payments: sale.payments,
        change: priced.change,
        ...(key ? { key } : {})
      }
      ledger.stage(record)
      return {
        result: { sale: publicOf(record), replayed: false, plants: staged },
        changes: [...staged.changes, { record: journalRecordOf(record) }]
      }
    })
    if (!outcome.replayed) this.host.stock.announce(outcome.plants)
    return { sale: outcome.sale, replayed: outcome.replayed }
  }

  /** The basket's plants as the step sees them; PlantsNotEditableError naming every unknown or deleted one. */
  #plantsOf(sale: NewSale): Map<number, StoredPlant> {
    const plants = new Map<number, StoredPlant>()
    const unknown: number[] = []
    for (const { plantId } of sale.lines) {
      const plant = this.host.live(plantId)
      if (plant) plants.set(plantId, plant)
      else if (!unknown.includes(plantId)) unknown.push(plantId)
    }
    if (unknown.length > 0) throw new PlantsNotEditableError('unknown', unknown)
    return plants
  }
}
