/** The request fields of one mapped row: each cell of a field as the API's schema receives it. */
import { moneyProblemText, toDecimal, type DecimalMark, type MoneyProblem } from '#shared/money'
import type { PlantStatus } from '#shared/plant'
import { parseTags } from '#shared/tag-text'
import { unguardFormula } from '../formula-guard'
import type { Cell } from '../sheet-rows'
import { readPriceCell } from './price-column'

/** A text cell as imported: a formula guard removed, nothing for an empty cell. */
export function textOf(cell: Cell | undefined): string {
  if (cell === undefined) return ''
  return typeof cell === 'number' ? String(cell) : unguardFormula(cell)
}

/** The id: digits (or a whole number) become a number; anything else goes to the schema as text, which names what is wrong. */
export function idOf(cell: Cell): number | string | undefined {
  if (typeof cell === 'number') return cell
  const text = cell.trim()
  if (text === '') return undefined
  return /^\d{1,16}$/.test(text) ? Number(text) : text
}

/** A category: `Home & Garden > Plants > Ferns` → `Ferns`; with `firstOfList`, `Ferns, Gifts` → `Ferns`. */
export function categoryOf(text: string, firstOfList: boolean): string {
  const first = firstOfList ? (text.split(',')[0] ?? '') : text
  const path = first.split(' > ')
  return (path[path.length - 1] ?? '').trim()
}

/** A quantity: a whole number ≥ 0 (`12`, `12.0`, `12,0`), else the text for the schema to refuse. */
export function quantityOf(cell: Cell): number | string | undefined {
  if (typeof cell === 'number') return cell
  const text = textOf(cell).trim() // an exported -2 is guarded as '-2: read it as -2, which is then refused in words
  if (text === '') return undefined
  const whole = /^(\d{1,9})(?:[.,]0+)?$/.exec(text)?.[1]
  return whole === undefined ? text : Number(whole)
}

/**
 * Why a cell is no count of pots, in a spreadsheet user's words (the API's schema speaks of JSON): other systems
 * export oversold lines as negative stock, and so does ours a line taken below zero by sales made offline at a till.
 * An import sets the number found, as a count does, so it asks for a count rather than carry the negative number on.
 */
function potCountProblem(field: 'quantity' | 'reorderAt', text: string): string {
  if (/^-\d+(?:[.,]0+)?$/.test(text))
    return `${field} cannot be below 0; got ${text}: count the pots and put the number found in the cell (0 for none: a line sold below zero at a till while offline, or an oversold line), or leave the column out (map it to "not imported")`
  return `${field} must be a whole number of pots, such as 12; got "${text}"`
}

/**
 * Why a price cell is refused. A workbook's number with more than two decimals is most often a formula's result
 * (=6.9*1.19 is 8.211) that the sheet shows rounded (8,21): the user sees cents, so the message says what the cell
 * holds and how to round it there.
 */
function priceProblem(cell: Cell, problem: MoneyProblem, mark: DecimalMark | null): string {
  if (typeof cell === 'number' && problem === 'decimals') {
    const shown = cell.toFixed(2)
    return `the cell holds ${cell}, though the sheet may show it as ${mark === ',' ? shown.replace('.', ',') : shown}; a price is in whole cents: round it in the sheet (=ROUND(…, 2) around the formula, or paste the column as values with two decimals), then import again`
  }
  return `price ${moneyProblemText(problem, mark ?? '.')}; got "${textOf(cell)}"`
}

/** What one row gives, before the API's schema checks it. */
export interface RowCells {
  id?: Cell
  name: string
  category?: Cell
  tags?: Cell
  status?: PlantStatus
  price?: Cell
  quantity?: Cell
  reorderAt?: Cell
}

/** The fields and field errors of a row, prices read with the column's mark. */
export function rowFields(
  cells: RowCells,
  options: { mark: DecimalMark | null; firstCategory: boolean; quantity: boolean }
): { fields: Record<string, unknown>; errors: { field: string; message: string }[] } {
  const fields: Record<string, unknown> = {}
  const errors: { field: string; message: string }[] = []
  const id = cells.id === undefined ? undefined : idOf(cells.id)
  if (id !== undefined) fields.id = id
  if (cells.name.trim() !== '') fields.name = cells.name
  const category = cells.category === undefined ? '' : categoryOf(textOf(cells.category), options.firstCategory)
  if (category !== '') fields.category = category
  // An empty tags cell is a plant without tags (tags: []), not "tags not given", as the export writes it.
  if (cells.tags !== undefined) fields.tags = parseTags(textOf(cells.tags))
  if (cells.status) fields.status = cells.status
  if (cells.price !== undefined && textOf(cells.price).trim() !== '') {
    const reading = readPriceCell(cells.price, options.mark)
    if (!reading.ok) {
      // An unclear mark is one question for the whole column (a file error), not one error per row.
      if (reading.problem !== 'ambiguous') errors.push({ field: 'price', message: priceProblem(cells.price, reading.problem, options.mark) })
    } else if (reading.cents !== null) fields.price = toDecimal(reading.cents)
  }
  for (const field of ['quantity', 'reorderAt'] as const) {
    const count = options.quantity && cells[field] !== undefined ? quantityOf(cells[field]) : undefined
    if (typeof count === 'string') errors.push({ field, message: potCountProblem(field, count) })
    else if (count !== undefined) fields[field] = count
  }
  return { fields, errors }
}
