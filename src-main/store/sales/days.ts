/**
 * The till's days: the X report of the day being traded (any time, changing nothing) and its close, the Z report:
 * numbered from a gap-free sequence, the cash counted against the cash expected, and the next day started. A close
 * is one journal line, in the serialised step, so no sale slips between its figures and its record.
 */
import { dayReportOf, type DayClose, type DayCloseRequest, type DayReport } from '#shared/day'
import { staffOf, type Actor } from '#store/history/history-actor'
import { fingerprintOf, replayOf, type SaleHost } from './sale-book'
import { SaleRefusedError } from './sale-errors'
import { journalRecordOf, publicOf, type DayRecord } from './sale-records'

const WHAT = 'The day was not closed'

/** The store's days (`store.days.current()`, `store.days.close(…)`). */
export class Days {
  constructor(private readonly host: SaleHost) {}

  /** The X report: the day being traded so far, from what is saved (once the ledger is read: `ledger.load()`). */
  current(): DayReport {
    return this.#report(false)
  }

  /** The closed day `day` (its Z report), or undefined. */
  closed(day: number): DayClose | undefined {
    const record = this.host.ledger.day(day)
    return record && publicOf(record)
  }

  /**
   * Closes the day being traded with the cash counted by `actor` (its till: `by`); resolves with its Z report once saved. With an Idempotency-Key,
   * a retry (a double click) answers the first close instead of closing the next day too.
   */
  async close(request: DayCloseRequest, actor: Actor, key?: string): Promise<{ day: DayClose; replayed: boolean }> {
    const till = actor.by
    const fingerprint = fingerprintOf('day', request)
    await this.host.ledger.load() // read at its first use after a start
    return this.host.submit<{ day: DayClose; replayed: boolean }>(() => {
      const found = key === undefined ? undefined : this.host.ledger.findKey(till, key)
      if (found) return replayOf(found, fingerprint, WHAT, () => ({ day: publicOf(found.record as DayRecord), replayed: true }))
      const report = this.#report(true)
      if (request.day !== undefined && request.day !== report.day) {
        const closed = request.day < report.day
        const message = closed
          ? `day ${request.day} is closed already (its Z report is GET /v3/days/${request.day}); the day now being traded is ${report.day}`
          : `day ${request.day} has not started; the day being traded is ${report.day}`
        throw new SaleRefusedError(closed ? 'day-closed' : 'day-not-started', [{ field: 'day', message }], WHAT)
      }
      const record: DayRecord = {
        kind: 'day',
        day: report.day,
        closedAt: this.host.now().toISOString(),
        till,
        ...staffOf(actor),
        report,
        counted: request.counted,
        difference: request.counted - report.expectedCash,
        nextFloat: request.nextFloat ?? 0,
        ...(key === undefined ? {} : { key: { by: till, key, fingerprint } })
      }
      this.host.ledger.stage(record)
      return { result: { day: publicOf(record), replayed: false }, change: { record: journalRecordOf(record) } }
    })
  }

  #report(withPending: boolean): DayReport {
    const { ledger } = this.host
    const day = ledger.currentDay
    const previous = ledger.day(day - 1)
    const { sales, refunds } = ledger.ofDay(day, withPending)
    const opening = previous ? { openedAt: previous.closedAt, openingFloat: previous.nextFloat } : { openingFloat: 0 }
    return dayReportOf(day, opening, sales, refunds)
  }
}
