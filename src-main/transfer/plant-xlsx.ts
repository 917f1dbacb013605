/**
 * Plants as an Excel workbook: the CSV export's columns, one sheet, ids and
 * prices as numbers (prices in the shop's currency format), text guarded
 * against formulas exactly as in CSV, so a workbook re-imports as unchanged.
 */
import { spreadsheetMoneyFormat, type ShopMoney } from '#shared/money'
import type { Plant } from '#shared/plant'
import { guardFormula } from './formula-guard'
import { exportedColumns, type PlantColumn } from './plant-columns'
import { runAtOnce, runSliced, type Steps } from './slices'
import { rowXml, zipWorkbook, type WorkbookCell } from './xlsx-write'

/** Plants per slice of rows built between two turns of the event loop. */
const PLANTS_PER_SLICE = 2000

const WIDTHS: Record<string, number> = {
  id: 6,
  name: 28,
  category: 16,
  tags: 24,
  status: 10,
  price: 12,
  quantity: 10,
  reorderAt: 10,
  createdAt: 24,
  updatedAt: 24
}

function cellsOf(plant: Plant, columns: readonly PlantColumn[]): WorkbookCell[] {
  return columns.map((column) => {
    if (column.name === 'id') return plant.id
    if (column.stock) return plant[column.name as 'quantity' | 'reorderAt']
    if (column.name === 'price') return plant.price === undefined ? undefined : { money: plant.price }
    return guardFormula(column.toCell(plant))
  })
}

function* workbookSteps(plants: readonly Plant[], money: ShopMoney): Steps<Uint8Array> {
  // As the CSV export: the stock columns only when a plant keeps stock.
  const columns = exportedColumns(plants)
  const names = columns.map((column) => column.name)
  const rows = [rowXml(names, 1, true)]
  for (let start = 0; start < plants.length; start += PLANTS_PER_SLICE) {
    if (start > 0) yield
    plants.slice(start, start + PLANTS_PER_SLICE).forEach((plant, offset) => rows.push(rowXml(cellsOf(plant, columns), start + offset + 2)))
  }
  yield
  return zipWorkbook(rows, {
    sheetName: 'Plants',
    widths: names.map((name) => WIDTHS[name] ?? 14),
    moneyFormat: spreadsheetMoneyFormat(money)
  })
}

/** The export as a workbook, built in slices (other requests run in between). */
export function plantsToXlsx(plants: readonly Plant[], money: ShopMoney): Promise<Uint8Array> {
  return runSliced(workbookSteps(plants, money))
}

/** {@link plantsToXlsx} at once (tests, the CLI without a server). */
export function plantsToXlsxNow(plants: readonly Plant[], money: ShopMoney): Uint8Array {
  return runAtOnce(workbookSteps(plants, money))
}
