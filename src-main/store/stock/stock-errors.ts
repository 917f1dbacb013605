/** Why the store refused a stock movement; nothing was changed. */
import type { Plant } from '#shared/plant'
import type { StockReason } from '#shared/stock'

/**
 * A movement the plant's stock cannot take: `not-enough` (it would go below zero: a sale of more than is on hand),
 * `too-much` (above the most a line holds), `not-kept` (pots taken from a plant that keeps no stock count).
 */
export class StockRefusedError extends Error {
  constructor(
    readonly kind: 'not-enough' | 'too-much' | 'not-kept',
    /** The plant as it stood (with this call's earlier movements). */
    readonly plant: Plant,
    /** The movement refused: its reason and the pots it would add (above 0) or take (below 0). */
    readonly reason: StockReason,
    readonly change: number
  ) {
    super(
      `plant ${plant.id}: ${kind === 'not-kept' ? 'keeps no stock count' : `has ${plant.quantity ?? 0} on hand`}; a movement of ${change} was refused`
    )
    this.name = 'StockRefusedError'
  }

  /** Pots on hand when the movement was refused. */
  get onHand(): number {
    return this.plant.quantity ?? 0
  }
}
