/**
 * The decimal mark of a file's prices, taken from the whole column: `6,90`
 * anywhere makes `1.250` one thousand two hundred and fifty; a column of only
 * `1,250`-like prices, or one that mixes both marks, is asked, not guessed.
 */
import { currencySignOf, markOf, moneyFromNumber, readMoney, type DecimalMark, type MoneyReading } from '#shared/money'
import type { ImportMappingReport } from '#shared/import-mapping'
import type { Cell } from '../sheet-rows'

/** What the prices of a column say about their decimal mark. */
export class PriceColumn {
  readonly #seen = new Set<DecimalMark>()
  readonly #examples: string[] = []
  #ambiguous = false
  /** The currency signs written beside the prices (`£`, `€`, `EUR`), a few at most, with what each may stand for. */
  readonly #signs = new Map<string, readonly string[]>()

  /** Notes one cell (numbers a workbook stored say nothing about marks). */
  note(cell: Cell | undefined): void {
    if (typeof cell !== 'string') return
    const sign = currencySignOf(cell)
    if (sign && this.#signs.size < 8) this.#signs.set(sign.sign, sign.currencies)
    const mark = markOf(cell)
    if (mark === undefined) return
    if (mark === 'ambiguous') this.#ambiguous = true
    else this.#seen.add(mark)
    if (this.#examples.length < 3 && !this.#examples.includes(cell.trim())) this.#examples.push(cell.trim())
  }

  /** The mark the column shows, when exactly one. */
  get detected(): DecimalMark | null {
    return this.#seen.size === 1 ? [...this.#seen][0]! : null
  }

  /**
   * Why the prices may be in another currency than `shopCurrency`: a sign beside them that cannot be it (`€` in a GBP
   * shop) means they come in as the same numbers in the shop's currency, wrong if the file is right. A sign that may be
   * it (`$` in a CAD shop), or one we cannot name, is no finding.
   */
  foreignWarning(shopCurrency: string): string | undefined {
    const foreign = [...this.#signs].filter(([, currencies]) => currencies.length > 0 && !currencies.includes(shopCurrency)).map(([sign]) => sign)
    if (foreign.length === 0) return undefined
    return (
      `the prices are written in ${foreign.join(' and ')}, but the shop's prices are in ${shopCurrency}: they come in as the same ` +
      `numbers in ${shopCurrency}. If the file is right, change the shop's currency in Settings before importing it`
    )
  }

  /** The report's `prices`, given the mark chosen (if any). */
  report(chosen: DecimalMark | undefined): NonNullable<ImportMappingReport['prices']> {
    const used = chosen ?? this.detected
    const unclear = this.#seen.size > 1 || (this.#ambiguous && this.#seen.size === 0)
    return { detected: this.detected, used, mustChoose: used === null && unclear, examples: this.#examples }
  }
}

/** A price cell read with the column's mark (`undefined`: the mark is unknown, so an ambiguous price is refused). */
export function readPriceCell(cell: Cell, mark: DecimalMark | null): MoneyReading {
  if (typeof cell === 'number') return moneyFromNumber(cell)
  return readMoney(cell, mark ? { decimalMark: mark } : {})
}
