/**
 * Stock movements: received, sold, returned, counted, written off. One call moves one plant or many (a stock-take,
 * a basket), all or nothing: every line is checked against the stock as the earlier lines leave it, then every
 * plant, change log entry (with its `stock` member), idempotency key and caller's record goes into ONE journal line
 * (one write, one fsync), then the change is announced once. See docs/architecture.md, "Stock".
 */
import { PLANT_LIMITS } from '#shared/plant-schema'
import type { Plant } from '#shared/plant'
import type { OfflineSaleMark, StockLine, StockMovement } from '#shared/stock'
import type { Actor, HistoryEntry, MovementCause } from '#store/history/history-entry'
import type { IdempotencyRecord, IdempotencyScope, RememberedStock } from '#store/file/data-file'
import type { JournalRecord } from '#store/journal/journal'
import type { FoundKey } from '#store/catalogue/idempotency-keys'
import { keyReusedError, stockFingerprintOf } from '#store/catalogue/idempotency-keys'
import { PlantsNotEditableError } from '#store/catalogue/plant-edits'
import { changedPlantRecord, movedPlantRecord } from '#store/catalogue/plant-records'
import type { PlantChange } from '#store/catalogue/plant-store-types'
import { checkVersion, type WriteCondition } from '#store/catalogue/preconditions'
import type { StagedChange } from '#store/catalogue/unit-of-work'
import { toFullPlant, type StoredPlant } from '#store/catalogue/stored-plant'
import { StockRefusedError } from './stock-errors'

/** What a stock call asks for. */
export interface StockRequest {
  /** The movements, in order: a plant named twice moves twice (the second from where the first left it). */
  lines: readonly StockLine[]
  /** If-Match of a one-plant call: the versions the first line's plant may be at. */
  condition?: WriteCondition
  /** An Idempotency-Key: a retry with the same key and lines answers as the first call did and moves nothing again. */
  idempotency?: IdempotencyScope
  /**
   * The caller's own records (e.g. a sale's receipt), built from the movements once every line has passed its
   * checks, and saved in the same journal line as the movements. Runs in the store's serialised step: keep it pure.
   */
  attach?: (movements: readonly StockMovement[], at: string) => readonly JournalRecord[]
}

/** What a stock call did: every plant it named as it is now (each once), the movements in order, and counts that changed nothing. */
export interface StockOutcome extends RememberedStock {
  /** True when this is the answer of an earlier call with the same Idempotency-Key (nothing moved now). */
  replayed: boolean
}

/** Movements staged inside a serialised step: what they are, what goes into the journal line, the plants named. */
export interface StagedMovements extends RememberedStock {
  changes: StagedChange[]
}

/** What the movements need of the store. */
export interface StockHost {
  /** Runs `apply` in the store's serialised step and resolves once what it staged is on disk. */
  submit<R>(apply: () => { result: R; change?: StagedChange; changes?: StagedChange[] }): Promise<R>
  /** The record of `id` as the step sees it; undefined when there is none or it is deleted. */
  live(id: number): StoredPlant | undefined
  stage(record: StoredPlant): void
  now(): Date
  /** The change log entry of one movement (it takes the next seq). */
  entryOf(by: Actor, at: string, before: StoredPlant, after: StoredPlant, cause: MovementCause): HistoryEntry
  findKey(scope: IdempotencyScope, now: Date): FoundKey | undefined
  stageKey(record: IdempotencyRecord): void
  announce(change: PlantChange): void
}

/** One line once checked: the plant before and after it, and the pots on hand before and after (a single plant: 1 or 0). */
interface Planned {
  line: StockLine
  before: StoredPlant
  after: StoredPlant
  from: number
  to: number
}

/** The store's stock movements (`store.stock.move(…)`). */
export class StockMovements {
  constructor(private readonly host: StockHost) {}

  /**
   * Applies every line or none, as `by`. Refused, changing nothing: PlantsNotEditableError (an id names no plant, or a
   * deleted one), VersionConflictError (If-Match, or a line's version), StockRefusedError (below zero, above the
   * most a line holds, or pots taken from a plant that keeps no stock), IdempotencyKeyReusedError.
   */
  async move(request: StockRequest, by: Actor): Promise<StockOutcome> {
    const outcome = await this.host.submit<StockOutcome>(() => {
      const now = this.host.now()
      const fingerprint = request.idempotency && stockFingerprintOf(request.lines)
      const known = request.idempotency && this.host.findKey(request.idempotency, now)
      if (known) {
        const { record } = known
        if (record.fingerprint !== fingerprint || !record.stock) throw keyReusedError(record)
        const replayed = { ...record.stock, replayed: true }
        // A key staged by this very batch exists only if the batch is saved: tie the answer to that write.
        return known.pending ? { result: replayed, change: {} } : { result: replayed }
      }
      const at = now.toISOString()
      const { movements, changes, plants, unchanged } = this.stageLines(request.lines, by, at, request.condition)
      const stock: RememberedStock = { plants, movements, unchanged }
      for (const record of request.attach?.(movements, at) ?? []) changes.push({ record })
      if (request.idempotency && movements.length > 0) {
        const key: IdempotencyRecord = { ...request.idempotency, fingerprint: fingerprint!, at, plant: plants[0]!, stock }
        this.host.stageKey(key)
        changes.push({ key })
      }
      return { result: { ...stock, replayed: false }, changes }
    })
    if (!outcome.replayed) this.announce(outcome)
    return outcome
  }

  /**
   * Inside the store's serialised step (a stock call's, or a sale's): checks every line against the stock as the
   * lines before it leave it, throwing before anything is staged, then stages each plant (once, as it ends) and one
   * change log entry per movement. Returns the movements, the changes for the journal line, and the plants named.
   * `offline` marks a sale made offline at a till: its pots are taken even below zero, and a line it takes there is flagged.
   */
  stageLines(lines: readonly StockLine[], by: Actor, at: string, condition?: WriteCondition, offline?: OfflineSaleMark): StagedMovements {
    const planned = this.#plan(lines, at, condition, offline)
    const changes: StagedChange[] = []
    const movements: StockMovement[] = []
    const last = new Map(planned.map(({ line }, index) => [line.id, index])) // each plant's last movement
    planned.forEach(({ line, before, after, from, to }, index) => {
      const note = line.note === undefined ? {} : { note: line.note }
      const history = this.host.entryOf(by, at, before, after, { reason: line.reason, change: to - from, ...note })
      const lastOfPlant = last.get(line.id) === index
      if (lastOfPlant) this.host.stage(after)
      changes.push(lastOfPlant ? { plant: after, history } : { history }) // the line holds each plant once, as it ends
      movements.push({ seq: history.seq, plantId: line.id, reason: line.reason, change: to - from, from, to, ...note })
    })
    const plants = [...new Set(lines.map((line) => line.id))].map((id) => toFullPlant(this.host.live(id)!))
    return { movements, changes, plants, unchanged: lines.length - planned.length }
  }

  /** Checks every line against the stock as the lines before it leave it; throws, staging nothing, on the first refusal. */
  #plan(lines: readonly StockLine[], at: string, condition?: WriteCondition, offline?: OfflineSaleMark): Planned[] {
    const unknown = [...new Set(lines.filter((line) => !this.host.live(line.id)).map((line) => line.id))]
    if (unknown.length > 0) throw new PlantsNotEditableError('unknown', unknown)
    if (condition && lines[0]) checkVersion(this.host.live(lines[0].id)!, condition)
    for (const { id, version } of lines) checkVersion(this.host.live(id)!, { ifVersion: version })
    const working = new Map<number, StoredPlant>()
    const planned: Planned[] = []
    for (const line of lines) {
      const before = working.get(line.id) ?? this.host.live(line.id)!
      const move = nextRecord(before, line, at, line.reason === 'sold' ? offline : undefined)
      if (!move) continue // a count that found what was recorded: nothing moves
      working.set(line.id, move.after)
      planned.push({ line, before, ...move })
    }
    return planned
  }

  /** Tells the change listeners of saved movements, once for the call (nothing when none moved). */
  announce(outcome: Pick<StockOutcome, 'plants' | 'movements'>): void {
    const { movements } = outcome
    if (movements.length === 0) return
    const seq = movements.at(-1)!.seq
    const moved = new Set(movements.map((movement) => movement.plantId))
    const plants = outcome.plants.filter((plant) => moved.has(plant.id))
    if (plants.length === 1) this.host.announce({ type: 'plant.updated', plant: plants[0]!, seq })
    else this.host.announce({ type: 'plants.changed', change: 'updated', plants, seq })
  }
}

/**
 * The record `line` leaves `before` as, with the pots before and after; undefined for a count that found what was
 * recorded (on a line flagged below zero, that count still clears the flag). `offline`: the line is a sale made
 * offline at a till, never refused for stock.
 */
function nextRecord(before: StoredPlant, line: StockLine, at: string, offline?: OfflineSaleMark): Omit<Planned, 'line' | 'before'> | undefined {
  if ('count' in line) {
    if (line.count === before.quantity && !before.belowZero) return undefined
    return { after: changedPlantRecord(before, { quantity: line.count }, at), from: before.quantity ?? 0, to: line.count }
  }
  if (before.quantity === undefined && (line.reason === 'sold' || line.reason === 'returned'))
    return singleSale(before, line.change, line.reason, at, offline)
  const quantity = quantityAfter(before, line.change, line.reason, offline !== undefined)
  return { after: movedPlantRecord(before, quantity, at, offline), from: before.quantity ?? 0, to: quantity }
}

/**
 * A single plant (no quantity) in a sale or a return, as one pot: on hand while not sold. A sale marks it sold, a
 * return makes it available again, and it stays a single plant, so a basket can hold single plants and lines alike.
 */
function singleSale(
  plant: StoredPlant,
  change: number,
  reason: StockLine['reason'],
  at: string,
  offline?: OfflineSaleMark
): Omit<Planned, 'line' | 'before'> {
  const from = singleOnHand(plant)
  const to = from + change
  // Sold at a till while offline after it was sold here: the sale stands, the plant stays sold and is flagged.
  if (to < 0 && offline) return { after: { ...changedPlantRecord(plant, {}, at), belowZero: plant.belowZero ?? offline }, from, to }
  if (to < 0) throw new StockRefusedError('not-enough', toFullPlant(plant), reason, change, from)
  if (to > 1) throw new StockRefusedError('not-kept', toFullPlant(plant), reason, change, from)
  return { after: changedPlantRecord(plant, { status: to === 0 ? 'sold' : 'available' }, at), from, to }
}

/** What a single plant has on hand, as one pot: 1 while not sold. */
const singleOnHand = (plant: StoredPlant) => (plant.status === 'sold' ? 0 : 1)

/**
 * The quantity `change` pots leave; StockRefusedError below zero (unless `belowZero`: a sale made offline at a
 * till), above the most a line holds, or on a plant that keeps no stock.
 */
function quantityAfter(plant: StoredPlant, change: number, reason: StockLine['reason'], belowZero = false): number {
  const view = (): Plant => toFullPlant(plant)
  // A single plant (no quantity) can start keeping stock by receiving pots; it cannot have pots written off.
  if (plant.quantity === undefined && change < 0) throw new StockRefusedError('not-kept', view(), reason, change, singleOnHand(plant))
  const quantity = (plant.quantity ?? 0) + change
  // Pots received or returned on a line below zero move it up, even while it stays below.
  if (quantity < 0 && change < 0 && !belowZero) throw new StockRefusedError('not-enough', view(), reason, change)
  if (quantity > PLANT_LIMITS.quantityMax) throw new StockRefusedError('too-much', view(), reason, change)
  return quantity
}
