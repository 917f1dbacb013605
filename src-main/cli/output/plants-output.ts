/** How `plant-store plants` prints plants: a table or lines for people, JSON (full plants) for scripts. */
import type { ShopMoney } from '#shared/money'
import type { FieldChanges, Plant } from '#shared/plant'
import { isLowStock } from '#shared/stock'
import { priceOf } from './money-output'
import { printTable } from './table'

/** The Stock column: "37", "3 low" at or below the reorder level, "-" for a single plant (no count kept: its status says). */
export function stockCell(plant: Pick<Plant, 'quantity' | 'reorderAt' | 'belowZero'>): string {
  if (plant.quantity === undefined) return '-'
  if (plant.belowZero) return `${plant.quantity} count it`
  return isLowStock(plant) ? `${plant.quantity} low` : String(plant.quantity)
}

/** `plants get`'s stock line: how many pots are on hand, and what to do about it. */
export function stockLine(plant: Pick<Plant, 'quantity' | 'reorderAt' | 'belowZero'>): string {
  if (plant.quantity === undefined) return 'a single plant (no stock count kept; its status says whether it is for sale)'
  const onHand = plant.quantity === 0 ? 'none in stock' : `${plant.quantity} in stock`
  if (plant.belowZero)
    return `${onHand}: below zero since receipt ${plant.belowZero.receipt} at ${plant.belowZero.till}; count it in the Stock view's stock-take`
  const reorder = plant.reorderAt === undefined ? '' : ` (reorder at ${plant.reorderAt}${isLowStock(plant) ? ': low' : ''})`
  return `${onHand}${reorder}`
}

const columns = (money: ShopMoney | undefined): [string, (plant: Plant) => string][] => [
  ['ID', (plant) => String(plant.id)],
  ['NAME', (plant) => plant.name ?? ''],
  ['CATEGORY', (plant) => plant.category ?? ''],
  ['STATUS', (plant) => plant.status],
  ['STOCK', stockCell],
  ['TAGS', (plant) => plant.tags.join(',')],
  ['PRICE', (plant) => priceOf(plant.price, money)],
  ['VERSION', (plant) => String(plant.version)]
]

const printJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)

/** Prints `plants` as a JSON array: the API's numbers, for scripts. */
export function printPlantsJson(plants: readonly Plant[]): void {
  printJson(plants)
}

/** Prints `plants` as a table with a header line, prices in the shop's money. */
export function printPlantsTable(plants: readonly Plant[], money: ShopMoney | undefined): void {
  const table = columns(money)
  printTable([table.map(([title]) => title), ...plants.map((plant) => table.map(([, cell]) => cell(plant)))])
}

/** Prints one plant as JSON. */
export function printPlantJson(plant: Plant): void {
  printJson(plant)
}

/** Prints one plant as `field: value` lines, its price in the shop's money and its stock in words. */
export function printPlantLines(plant: Plant, money: ShopMoney | undefined): void {
  const lines: [string, string][] = [
    ['id', String(plant.id)],
    ['name', plant.name ?? ''],
    ['category', plant.category ?? ''],
    ['status', plant.status],
    ['stock', stockLine(plant)],
    ['tags', plant.tags.join(', ')],
    ['price', priceOf(plant.price, money)],
    ['version', String(plant.version)],
    ['created', plant.createdAt],
    ['updated', plant.updatedAt]
  ]
  for (const [label, value] of lines) process.stdout.write(`${`${label}:`.padEnd(10)}${value}\n`)
}

/** One changed field in words, with the value the plant has now: `price is now £0.79`, `category removed`. */
function fieldWords(field: keyof FieldChanges, plant: Plant, money: ShopMoney | undefined): string {
  switch (field) {
    case 'price':
      return plant.price === undefined ? 'price removed' : `price is now ${priceOf(plant.price, money)}`
    case 'tags':
      return plant.tags.length === 0 ? 'tags removed' : `tags are now ${plant.tags.join(', ')}`
    case 'name':
      return `name is now "${plant.name ?? ''}"`
    case 'category':
      return plant.category === undefined ? 'category removed' : `category is now "${plant.category}"`
    case 'status':
      return `status is now ${plant.status}`
    case 'quantity':
      return `stock is now ${stockLine(plant)}`
    case 'reorderAt':
      return plant.reorderAt === undefined ? 'reorder level removed' : `reorder level is now ${plant.reorderAt}`
  }
}

/** The answer to `plants set`: what the change did, field by field, as the plant now has it ("price is now £0.79"). */
export function changedWords(changes: FieldChanges, plant: Plant, money: ShopMoney | undefined): string {
  const said = (Object.keys(changes) as (keyof FieldChanges)[]).map((field) => fieldWords(field, plant, money))
  const list = said.length < 2 ? said.join('') : `${said.slice(0, -1).join(', ')} and ${said.at(-1)!}`
  return `Plant ${plant.id}${plant.name ? ` "${plant.name}"` : ''}: ${list} (version ${plant.version})`
}
