/** Why the store refused a stock movement; nothing was changed. */
import type { Plant } from '#shared/plant'
import type { StockReason } from '#shared/stock'
import { AppError } from '#shared/app-error'

/** The problem the server answers with for each way a movement is refused. */
const STOCK_PROBLEMS = { 'not-enough': 'notEnoughStock', 'too-much': 'tooMuchStock', 'not-kept': 'noStockKept' } as const

/**
 * A movement the plant's stock cannot take: `not-enough` (it would go below zero: a sale of more than is on hand),
 * `too-much` (above the most a line holds), `not-kept` (a movement a single plant, which keeps no stock count, cannot take).
 */
export class StockRefusedError extends AppError {
  constructor(
    readonly kind: keyof typeof STOCK_PROBLEMS,
    /** The plant as it stood (with this call's earlier movements). */
    readonly plant: Plant,
    /** The movement refused: its reason and the pots it would add (above 0) or take (below 0). */
    readonly reason: StockReason,
    readonly change: number,
    /** Pots on hand when the movement was refused (a single plant: 1 while not sold, else 0). */
    readonly onHand = plant.quantity ?? 0
  ) {
    super(`plant ${plant.id}: ${kind === 'not-kept' ? 'keeps no stock count' : `has ${onHand} on hand`}; a movement of ${change} was refused`, {
      problemName: STOCK_PROBLEMS[kind]
    })
    this.name = 'StockRefusedError'
  }
}
