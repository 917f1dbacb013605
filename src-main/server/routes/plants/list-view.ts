/**
 * GET /v3/plant's view of the catalogue: sorted once per order and reused
 * until the catalogue changes, filtered by search words and status, with the
 * per-status counts a filter control shows.
 */
import type { H3Event } from 'h3'
import { STATUS_COUNTS_HEADER, type PlantSortKey } from '#shared/api-paths'
import { PLANT_STATUSES, type Plant, type PlantStatus } from '#shared/plant'
import { isLowStock } from '#shared/stock'
import type { ShopStore } from '#store'
import { parseListQuery } from '#server/http/query'

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const statusRank = (status: PlantStatus) => PLANT_STATUSES.indexOf(status)

/** Compares by `key`; plants without the value come last in either direction, ties go by id. */
function comparatorFor(key: PlantSortKey, descending: boolean): (a: Plant, b: Plant) => number {
  const sign = descending ? -1 : 1
  const byValue = (a: Plant, b: Plant): number => {
    switch (key) {
      case 'id':
        return a.id - b.id
      case 'status':
        return statusRank(a.status) - statusRank(b.status)
      case 'updatedAt':
        return a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0
      case 'name':
      case 'category':
      case 'price':
      case 'quantity': {
        const x = a[key]
        const y = b[key]
        if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 2 * sign : -2 * sign
        return typeof x === 'number' ? x - (y as number) : collator.compare(x, y as string)
      }
    }
  }
  return (a, b) => sign * byValue(a, b) || a.id - b.id
}

/**
 * The catalogue in each requested order, sorted once and reused until the
 * catalogue changes, so a keystroke in the UI costs one pass, not a sort.
 */
export class SortedViews {
  #version = -1
  readonly #views = new Map<string, readonly Plant[]>()

  constructor(private readonly store: ShopStore) {}

  get(key: PlantSortKey, descending: boolean): readonly Plant[] {
    // The store's version moves exactly when saved changes are published to readers.
    if (this.store.version !== this.#version) {
      this.#views.clear()
      this.#version = this.store.version
    }
    const name = `${descending ? '-' : ''}${key}`
    let view = this.#views.get(name)
    if (!view) {
      const all = this.store.find()
      view = key === 'id' && !descending ? all : [...all].sort(comparatorFor(key, descending))
      this.#views.set(name, view)
    }
    return view
  }
}

/** Lower-cased searchable text of a plant in NFC, as the words of `q` are; records are immutable (an update replaces the object), so it never goes stale. */
const searchText = new WeakMap<Plant, string>()
function textOf(plant: Plant): string {
  let text = searchText.get(plant)
  if (text === undefined) {
    text = [plant.name ?? '', plant.category ?? '', ...plant.tags].join('\n').toLowerCase().normalize('NFC')
    searchText.set(plant, text)
  }
  return text
}

/** `#12` or `PS-12` (any case) names plant 12, also one without a name (the UI shows it as "Unnamed (#12)"). */
const ID_WORD = /^(?:#|ps-)(\d{1,16})$/

/** True when the plant's text contains `word`, or `word` names the plant's id. */
function matchesWord(plant: Plant, text: string, word: string): boolean {
  const id = ID_WORD.exec(word)?.[1]
  return (id !== undefined && Number(id) === plant.id) || text.includes(word)
}

/** Formats per-status counts as `available=3, pending=1, sold=2`. */
function formatStatusCounts(counts: Record<PlantStatus, number>): string {
  return PLANT_STATUSES.map((status) => `${status}=${counts[status]}`).join(', ')
}

/** The page of plants GET /v3/plant answers, with its X-Total-Count and X-Status-Counts headers set. */
export function listPlants(event: H3Event, views: SortedViews): Plant[] {
  const query = parseListQuery(new URLSearchParams(event.url.search))
  const counts: Record<PlantStatus, number> = { available: 0, pending: 0, sold: 0 }
  const matches: Plant[] = []
  for (const plant of views.get(query.sort.key, query.sort.descending)) {
    if ((query.lowStock && !isLowStock(plant)) || (query.stocked && plant.quantity === undefined)) continue
    if (query.words.length > 0) {
      const text = textOf(plant)
      if (!query.words.every((word) => matchesWord(plant, text, word))) continue
    }
    counts[plant.status]++
    if (query.statuses.length === 0 || query.statuses.includes(plant.status)) matches.push(plant)
  }
  event.res.headers.set('x-total-count', String(matches.length))
  event.res.headers.set(STATUS_COUNTS_HEADER, formatStatusCounts(counts))
  const end = query.limit === undefined ? undefined : query.offset + query.limit
  return matches.slice(query.offset, end)
}
