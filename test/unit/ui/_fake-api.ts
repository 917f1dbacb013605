/**
 * A stand-in for the API client in component tests: it answers from a small list and records what it was asked.
 * Store tests and the component tests that need a server's real behaviour (versions and If-Match, deletes and
 * Undo, stock-takes and refusals, sales) run against the real app instead, in Node or happy-dom alike (_real-api.ts:
 * basket-store, bulk-actions, plant-conflicts, plants-store, staff-store, stock-view, till-stock). What stays here
 * is what the real app cannot be told to do on cue:
 * - the event stream's events and states (emit, streamState, reset): plants-store-stream, offline-till-controls,
 *   stream-refused, catalogue, history-tab, reports-view, till-keyboard;
 * - a computer in another role or state: a first run (first-run-store, first-run-screen), a till's outbox and
 *   refused sales (outbox-banner), lines below zero from offline sales (below-zero-notice), a restore or damaged
 *   history (restore-notice, history-health-banner), a read-only key (read-only-key);
 * - one call failing or answering slowly, and the other component tests, which need only plain answers: each can
 *   move to the real app the way bulk-actions.test.ts did, which deletes what only it used here.
 * An operation it does not answer refuses (`unanswered`) until a test installs its own answer.
 */
import { vi } from 'vitest'
import type { PlantEvent, PlantList, PlantListQuery, StreamState, SubscribeOptions } from '#shared/api-client'
import { ApiError } from '#shared/api-errors'
import type { SetupState } from '#shared/first-run'
import type { CreatedToken } from '#shared/named-token'
import type { Plant } from '#shared/plant'
import { statusFollowingStock, type StockMove } from '#shared/stock'
import type { SalesSettings } from '#shared/tax'
import { plantCountText } from '#shared/words'
import type { UiApiClient } from '#renderer/api'

let clock = Date.parse('2026-03-01T10:00:00Z')

/** A plant with defaults for the fields a test does not care about. */
export function plant(fields: Partial<Plant> & { id: number }): Plant {
  const at = new Date((clock += 1000)).toISOString()
  return { tags: [], status: 'available', createdAt: at, updatedAt: at, version: 1, ...fields }
}

export interface FakeApi {
  client: UiApiClient
  plants: Plant[]
  listQueries: PlantListQuery[]
  /** Sends a change as the server's event stream would. */
  emit(event: PlantEvent): void
  /** The stream's "Retry now" (ends the pause before a reconnect). */
  retryNow: () => void
  /** Sends `event: reset` (the server could not replay what was missed). */
  reset(): void
  /** Moves the event stream to `state`. */
  streamState(state: StreamState, error?: unknown): void
}

/** Lists `plants` filtered by status and by `q` in the name, like the server (roughly). */
function answer(plants: Plant[], query: PlantListQuery): PlantList {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const matching = plants.filter((p) => words.every((w) => (p.name ?? '').toLowerCase().includes(w)) && (!query.stocked || p.quantity !== undefined))
  const statuses = query.status === undefined ? [] : typeof query.status === 'string' ? [query.status] : query.status
  const shown = matching.filter((p) => statuses.length === 0 || statuses.includes(p.status))
  const counts = { available: 0, pending: 0, sold: 0 }
  for (const p of matching) counts[p.status]++
  const offset = query.offset ?? 0
  return { plants: shown.slice(offset, offset + (query.limit ?? shown.length)), total: shown.length, counts }
}

/** Operations the fake does not answer: each a vi.fn that refuses, until a test installs its own answer. */
function unanswered<K extends keyof UiApiClient>(...names: K[]): Pick<UiApiClient, K> {
  const refuse = (name: string) => vi.fn(async () => Promise.reject(new Error(`${name}: no answer in the fake API`)))
  return Object.fromEntries(names.map((name) => [name, refuse(name)])) as unknown as Pick<UiApiClient, K>
}

export function fakeApi(initial: Plant[] = []): FakeApi {
  const plants = [...initial]
  const listQueries: PlantListQuery[] = []
  let subscriber: SubscribeOptions | undefined
  let nextId = Math.max(0, ...plants.map((p) => p.id)) + 1
  const tokens: CreatedToken[] = []
  const retryNow = vi.fn()
  const client: UiApiClient = {
    // The change log: empty unless a test installs its own answers.
    plantHistory: vi.fn(async () => ({ changes: [], next: null })),
    health: vi.fn(async () => ({ status: 'ok' as const, problems: [] })),
    salesReport: vi.fn(async ({ from, to, groupBy = 'day' }) => ({
      from,
      to,
      groupBy,
      currency: 'EUR',
      groups: [],
      totals: { sold: 0, returned: 0, net: 0, total: 0 }
    })),
    // Staff (api-client-staff.ts): none, as in a shop that set up no staff, unless a test installs its own answers.
    listStaff: vi.fn(async () => ({ members: [], lockAfterMinutes: 5 })),
    addStaffMember: vi.fn(async (member) => ({ id: 1, name: member.name, role: member.role, locked: false })),
    removeStaffMember: vi.fn(async () => undefined),
    unlockStaffMember: vi.fn(async (id) => ({ id, name: 'Anna', role: 'staff' as const, locked: false })),
    signInStaff: vi.fn(async (member) => ({
      session: 's',
      member: { id: member, name: 'Anna', role: 'staff' as const, locked: false },
      lockAfterMinutes: 5
    })),
    // Sales, days and baskets (api-client-sales.ts): an empty basket and no sales; a test that needs more installs its own answers.
    ...unanswered('completeSale', 'refundSale', 'getSale', 'listSales', 'currentDay', 'closeDay', 'getDay', 'receiptHtml', 'refundSlipHtml'),
    // What only the store tests (on the real app) or no UI test calls.
    ...unanswered('changes', 'changeStaffMember', 'setStaffLockTime', 'signOutStaff', 'exportStream', 'updatePlant', 'searchByStatus'),
    saleRefunds: vi.fn(async () => []),
    getBasket: vi.fn(async () => undefined),
    putBasket: vi.fn(async (_id: string, basket) => basket),
    deleteBasket: vi.fn(async () => undefined),
    salesSettings: vi.fn(async () => ({ pricesIncludeTax: true, taxRates: [] })),
    setSalesSettings: vi.fn(async (settings: SalesSettings) => settings),
    // The till's operations (api-client-till.ts): deletes and bulk changes are the real app's (bulk-actions.test.ts).
    ...unanswered('deletePlant', 'restorePlant', 'bulkUpdate', 'bulkDelete', 'bulkRestore'),
    shopSettings: vi.fn(async () => ({ currency: 'EUR', locale: 'en-US', timeZone: 'Europe/Berlin' })),
    setShopSettings: vi.fn(async ({ currency = 'EUR', timeZone = 'Europe/Berlin' }: { currency?: string; timeZone?: string }) => ({
      currency,
      locale: 'en-US',
      timeZone
    })),
    // Other tills (api-client-lan.ts): none may connect until a test sets an address.
    lanSettings: vi.fn(async () => ({ port: 7421, listening: false })),
    setLanSettings: vi.fn(async ({ address, port = 7421 }: { address: string; port?: number }) => ({
      address,
      port,
      url: `https://${address}:${port}`,
      fingerprint: 'AB:CD',
      listening: true
    })),
    stopLan: vi.fn(async () => ({ port: 7421, listening: false })),
    makePairingCode: vi.fn(async () => {
      throw new ApiError({ type: 'x', status: 409, title: 'Other tills may not connect', detail: 'Other tills may not connect yet.' })
    }),
    tillOutbox: vi.fn(async () => ({ till: false, waiting: 0 })),
    refusedSales: vi.fn(async () => ({ sales: [] })),
    refusedSaleDealtWith: vi.fn(async () => ({ till: true, waiting: 0, refused: 0 })),
    setupState: vi.fn(async () => ({ stage: 'main' }) as SetupState),
    becomeMain: vi.fn(async () => ({ stage: 'main' }) as SetupState),
    connectToMain: vi.fn(async () => ({ stage: 'till', primary: 'https://127.0.0.1:7421', till: 'door' }) as SetupState),
    finishShopSetUp: vi.fn(async () => ({ stage: 'main' }) as SetupState),
    exportPlants: vi.fn(async () => new Blob([])),
    backupStatus: vi.fn(async () => ({ dir: null, present: false, last: null })),
    setBackupFolder: vi.fn(async (dir: string | null) => ({ dir, present: dir !== null, last: null })),
    backUpToFolder: vi.fn(async () => {
      const [file, count] = ['/media/usb/plants-2026-03-01T10-00-00-000Z.json', { plantCount: plants.length, deletedCount: 0 }]
      return { file, ...count, message: `Backed up ${plantCountText(count)} to ${file}` }
    }),
    importPlants: vi.fn(async () => ({ added: 0, updated: 0, unchanged: 0, warnings: [], errors: [], changes: [], applied: false })),
    listPlants: vi.fn(async (query: PlantListQuery = {}) => {
      listQueries.push(query)
      return answer(plants, query)
    }),
    addPlant: vi.fn(async (input) => {
      const added = plant({ id: nextId++, ...input })
      plants.push(added)
      return { id: added.id, name: added.name, status: added.status, tags: added.tags }
    }),
    // The conflicts of If-Match (412) are the real app's: plant-conflicts.test.ts.
    savePlant: vi.fn(async (changes) => {
      const index = plants.findIndex((p) => p.id === changes.id)
      const before = plants[index]!
      const updated = { ...before, ...changes, version: before.version + 1 }
      // A single plant's status clears its flag of stock below zero, as on the server: there is nothing to count.
      if (changes.status !== undefined && updated.quantity === undefined) delete updated.belowZero
      plants[index] = updated
      return { plant: { id: updated.id, name: updated.name, status: updated.status, tags: updated.tags }, version: updated.version }
    }),
    listTokens: vi.fn(async () => tokens.map(({ token: _token, ...info }) => info)),
    createToken: vi.fn(async (name, scope) => {
      const created = { name, scope, createdAt: new Date(clock).toISOString(), token: `secret-of-${name}-0123456789abcdefghijklmnop` }
      tokens.push(created)
      return created
    }),
    revokeToken: vi.fn(async (name) => {
      tokens.splice(
        tokens.findIndex((token) => token.name === name),
        1
      )
    }),
    // Stock (api-client-stock.ts): moves the list's plant like the server does (the status follows, 409 below zero).
    moveStock: vi.fn(async (id: number, move: StockMove) => {
      const index = plants.findIndex((p) => p.id === id)
      const before = plants[index]!
      const to = 'count' in move ? move.count : (before.quantity ?? 0) + move.change
      if (to < 0) throw new ApiError({ type: 'x', title: 'Not enough stock', status: 409, detail: 'not enough', onHand: before.quantity ?? 0 })
      const after: Plant = { ...before, quantity: to, status: statusFollowingStock(before.status, to), version: before.version + 1 }
      if ('count' in move) delete after.belowZero // a count clears a line's flag of stock below zero, as on the server
      plants[index] = after
      const movement = { seq: clock, plantId: id, reason: move.reason, change: to - (before.quantity ?? 0), from: before.quantity ?? 0, to }
      return { plant: after, movement: { ...movement, ...(move.note === undefined ? {} : { note: move.note }) } }
    }),
    // A stock-take (all or nothing, 412 for a line that moved) is the real app's: stock-view.test.ts.
    ...unanswered('moveBulkStock'),
    belowZero: vi.fn(async () => ({ lines: plants.filter((p) => p.belowZero !== undefined) })),
    stockReport: vi.fn(async (month = '2026-03') => ({
      month,
      stockAt: `${month}-02T10:00:00.000Z`,
      lines: 0,
      potsOnHand: 0,
      lowStock: [],
      moved: {},
      writtenOff: { pots: 0, reasons: [] }
    })),
    getPlant: vi.fn(async (id: number) => plants.find((p) => p.id === id)!),
    subscribe: vi.fn((options: SubscribeOptions) => {
      subscriber = options
      const stop = () => {
        subscriber = undefined
      }
      return Object.assign(stop, { retryNow })
    })
  }
  return {
    client,
    plants,
    listQueries,
    retryNow,
    emit: (event) => subscriber?.onEvent(event),
    reset: () => subscriber?.onReset?.(),
    streamState: (state, error) => subscriber?.onState?.(state, { attempt: 1, error })
  }
}
