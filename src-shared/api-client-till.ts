/**
 * The till's part of the typed client (extensions): delete and restore, bulk changes, and the shop setting.
 * createApiClient includes it; it shares the client's request function.
 */
import { EXTENSION_PATHS } from './api-paths'
import { jsonOf, type SendRequest } from './api-request'
import { plantEtag } from './etag'
import type { Plant, PlantChanges } from './plant'
import type { ShopSettings, ShopSettingsChange } from './shop'

/** A bulk change: one change for many plants, or a change per plant (an Undo). Same rules as an update. */
/** `version` in an item of updates: change that plant only if it is still at that version (else 412, nothing changes). */
export type BulkUpdate = { ids: number[]; changes: Omit<PlantChanges, 'id'> } | { updates: (PlantChanges & { version?: number })[] }

/** Options of a delete: with `ifMatch` (a version), only if nobody changed the plant since. */
export interface DeleteOptions {
  ifMatch?: number
  signal?: AbortSignal
}

/** Delete and restore, bulk changes, the shop setting. */
export interface TillApi {
  /** Deletes a plant (a tombstone keeps it 30 days for restorePlant). */
  deletePlant(id: number, options?: DeleteOptions): Promise<void>
  /** Brings a deleted plant back, same id and fields, one version on. */
  restorePlant(id: number): Promise<Plant>
  /** Changes many plants, all or nothing. */
  bulkUpdate(change: BulkUpdate): Promise<Plant[]>
  /** Deletes many plants, all or nothing; resolves with their ids. */
  bulkDelete(ids: readonly number[]): Promise<number[]>
  /** Restores many deleted plants, all or nothing. */
  bulkRestore(ids: readonly number[]): Promise<Plant[]>
  /** The shop's currency and locale. */
  shopSettings(): Promise<ShopSettings>
  /** Changes the shop's currency or time zone, those given (owner only). */
  setShopSettings(settings: ShopSettingsChange): Promise<ShopSettings>
}

const byId = (path: string, id: number) => path.replace('{id}', String(id))

/** The till's operations over `send`. */
export function tillApi(send: SendRequest): TillApi {
  return {
    async deletePlant(id, options = {}) {
      const ifMatch: Record<string, string> = options.ifMatch === undefined ? {} : { 'if-match': plantEtag(id, options.ifMatch) }
      await send('DELETE', byId(EXTENSION_PATHS.plantById, id), undefined, options, ifMatch)
    },
    restorePlant: (id) => jsonOf<Plant>(send('POST', byId(EXTENSION_PATHS.plantRestore, id), undefined)),
    bulkUpdate: async (change) => (await jsonOf<{ plants: Plant[] }>(send('POST', EXTENSION_PATHS.bulk, change))).plants,
    bulkDelete: async (ids) => (await jsonOf<{ deleted: number[] }>(send('POST', EXTENSION_PATHS.bulkDelete, { ids }))).deleted,
    bulkRestore: async (ids) => (await jsonOf<{ plants: Plant[] }>(send('POST', EXTENSION_PATHS.bulkRestore, { ids }))).plants,
    shopSettings: () => jsonOf<ShopSettings>(send('GET', EXTENSION_PATHS.shopSettings, undefined)),
    setShopSettings: (settings) => jsonOf<ShopSettings>(send('PUT', EXTENSION_PATHS.shopSettings, settings))
  }
}
