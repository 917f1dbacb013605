/**
 * Full-plant views the staff UI needs (extensions, not part of the contract):
 * one plant by id, and the catalogue listed with text search, sort, paging and
 * per-status counts. Read-only: changes still go through the contract's routes.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS, STATUS_COUNTS_HEADER, type PlantSortKey } from '#shared/api-paths'
import { PLANT_STATUSES, type Plant, type PlantStatus } from '#shared/plant'
import { invalidIdMessage, isPlantId } from '#shared/plant-schema'
import { isLowStock } from '#shared/stock'
import type { PlantStore } from '#store'
import { setPlantEtag } from '#server/http/conditional'
import { problem } from '#server/problems/problems'
import { parseListQuery } from '#server/http/query'
import { routePattern } from '#server/urls'

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
class SortedViews {
  #version = -1
  readonly #views = new Map<string, readonly Plant[]>()

  constructor(private readonly store: PlantStore) {}

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

/** Lower-cased searchable text of a plant; records are immutable (an update replaces the object), so it never goes stale. */
const searchText = new WeakMap<Plant, string>()
function textOf(plant: Plant): string {
  let text = searchText.get(plant)
  if (text === undefined) {
    text = [plant.name ?? '', plant.category ?? '', ...plant.tags].join('\n').toLowerCase()
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
export function formatStatusCounts(counts: Record<PlantStatus, number>): string {
  return PLANT_STATUSES.map((status) => `${status}=${counts[status]}`).join(', ')
}

function listPlants(event: H3Event, views: SortedViews): Plant[] {
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

/** The plant id in the path (`{id}`); 400 when it is not one. */
export function plantIdParam(event: H3Event): number {
  const raw = event.context.params?.id ?? ''
  // Digits only: Number() would also take " 7", "0x7" or "7e0".
  const id = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (!isPlantId(id)) throw problem('invalidId', [{ field: 'id', message: invalidIdMessage(raw) }])
  return id
}

function getPlant(event: H3Event, store: PlantStore): Plant {
  const id = plantIdParam(event)
  const plant = store.get(id)
  // A tombstone says so: a till card (or a script) can tell "deleted" from "never was".
  if (!plant) throw store.edits.isDeleted(id) ? problem('plantDeleted', id) : problem('plantNotFound', id)
  setPlantEtag(event, plant)
  return plant
}

/** Registers GET (and HEAD) /v3/plant and /v3/plant/{id}. */
export function registerPlantViewRoutes(app: H3, store: PlantStore): void {
  const views = new SortedViews(store)
  for (const method of ['GET', 'HEAD'] as const) {
    app.on(method, routePattern(EXTENSION_PATHS.plants), (event) => listPlants(event, views))
    app.on(method, routePattern(EXTENSION_PATHS.plantById), (event) => getPlant(event, store))
  }
}
