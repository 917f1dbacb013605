/** Rows of the problem table (problems.ts) for stock movements. */
import { API_BASE } from '#shared/api-paths'
import type { Plant } from '#shared/plant'
import { PLANT_LIMITS } from '#shared/plant-schema'
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { STOCK_PATHS, type StockReason } from '#shared/stock'
import { row } from '#server/problems/problem-row'

const listed = (errors: readonly FieldError[]) => errors.map((error) => `${error.field === '' ? '' : `${error.field}: `}${error.message}`).join('; ')

/** `Plant 7 ("Lavender")`. */
const named = (plant: Plant) => `Plant ${plant.id}${plant.name === undefined ? '' : ` ("${plant.name}")`}`

/** A movement in words: "a sale of 3", "writing off 2", "receiving 40", "a return of 1". */
function movementWords(reason: StockReason, change: number): string {
  const pots = Math.abs(change).toLocaleString('en')
  if (reason === 'sold') return `a sale of ${pots}`
  if (reason === 'written-off') return `writing off ${pots}`
  if (reason === 'returned') return `a return of ${pots}`
  return `${change < 0 ? 'taking away' : 'receiving'} ${pots}`
}

const stockPath = (id: number) => `POST ${API_BASE}${STOCK_PATHS.plantStock.replace('{id}', String(id))}`
const count = '{"count": N, "reason": "counted"}'

/** A 409 for a movement that would take a line past a limit: what is on hand, what the movement would do, and advice. */
function movementBeyond(type: string, title: string, limit: () => string, advice: (plant: Plant, onHand: number) => string) {
  return row({
    type,
    title,
    status: 409,
    detail: (plant: Plant, reason: StockReason, change: number, onHand: number) =>
      `${named(plant)} has ${onHand.toLocaleString('en')} in stock; ${movementWords(reason, change)} would take it ${limit()}. ` +
      `Nothing was changed.${advice(plant, onHand)}`,
    members: (plant, _reason, _change, onHand) => ({ plantId: plant.id, onHand })
  })
}

export const STOCK_PROBLEMS = {
  stockNotMoved: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (errors: FieldError[]) => `The stock was not moved: ${listed(errors)}.`,
    errors: (errors) => errors
  }),
  notEnoughStock: movementBeyond(
    PROBLEM_TYPES.notEnoughStock,
    'Not enough stock',
    () => 'below zero',
    (plant, onHand) =>
      plant.quantity === undefined
        ? onHand > 0
          ? ' It is a single plant (no stock count): there is one of it to sell.'
          : ' It is a single plant (no stock count), sold already.'
        : ` If the shelf holds more than that, count it first: ${stockPath(plant.id)} ${count}.`
  ),
  tooMuchStock: movementBeyond(
    PROBLEM_TYPES.stockLimit,
    'Too much stock',
    () => `above ${PLANT_LIMITS.quantityMax.toLocaleString('en')}, the most one line holds`,
    () => ''
  ),
  noStockKept: row({
    type: PROBLEM_TYPES.noStockKept,
    title: 'No stock kept',
    status: 409,
    detail: (plant: Plant, reason: StockReason, change: number, _onHand: number) =>
      `${named(plant)} keeps no stock count (it is a single plant), so ${movementWords(reason, change)} does not apply to it. Nothing was changed. ` +
      `A single plant is sold or returned one at a time (a change of -1 or 1), or starts keeping stock with a count: ${stockPath(plant.id)} ${count}.`,
    members: (plant, _reason, _change, onHand) => ({ plantId: plant.id, onHand })
  })
}
