/**
 * Delete, restore and bulk changes. A delete keeps the plant as a
 * tombstone (its record with `deletedAt`), so restore brings it back with the
 * same id and fields; tombstones older than 30 days are purged at a checkpoint
 * (write-snapshot.ts). Each call is one step of the store's group commit: all
 * its plants are checked first (nothing changes when one fails), then saved
 * in one journal line (one fsync), then announced once.
 */
import type { ChangeType } from '#shared/history'
import type { BulkChange } from '#shared/plant-bulk'
import type { FieldChanges, Plant, PlantChanges } from '#shared/plant'
import type { Actor, HistoryEntry } from '#store/history/history-entry'
import type { PlantChange } from './plant-store-types'
import { changedPlantRecord, sameFields } from './plant-records'
import { checkVersion, type WriteCondition } from './preconditions'
import type { StagedChange } from './unit-of-work'
import { toFullPlant, type StoredPlant } from './stored-plant'
import { AppError } from '#shared/app-error'

/** What the edits need of the store. */
export interface EditHost {
  /** Runs `apply` in the store's serialised step and resolves once what it staged is on disk. */
  submit<R>(apply: () => { result: R; changes?: StagedChange[] }): Promise<R>
  /** The record of `id` as the step sees it (its own staged change, else the published one, tombstones too). */
  latest(id: number): StoredPlant | undefined
  /** The published record of `id`, a tombstone too. */
  record(id: number): StoredPlant | undefined
  stage(record: StoredPlant): void
  now(): Date
  /** The change log entry of one change (it takes the next seq). */
  entryOf(type: ChangeType, by: Actor, at: string, before: StoredPlant, after: StoredPlant): HistoryEntry
  announce(change: PlantChange): void
}

/** Plants a call named that do not exist (or are deleted, or are not deleted for a restore); nothing was changed. */
export class PlantsNotEditableError extends AppError {
  constructor(
    /** `unknown`: no such plant (or deleted already); `notDeleted`: a restore named a plant that is not deleted. */
    readonly reason: 'unknown' | 'notDeleted',
    readonly ids: readonly number[],
    /** True when the call was a restore (an unknown id has no tombstone). */
    readonly restoring = false
  ) {
    super(`${reason === 'unknown' ? 'no plant' : 'not deleted'}: ${ids.slice(0, 20).join(', ')}; nothing was changed`, {
      problemName: reason === 'notDeleted' ? 'plantNotDeleted' : restoring ? 'noTombstone' : 'plantsNotFound'
    })
    this.name = 'PlantsNotEditableError'
  }
}

type Edit = 'updated' | 'deleted' | 'restored'

const CHANGE_TYPE_OF: Record<Edit, ChangeType> = { updated: 'plant.updated', deleted: 'plant.deleted', restored: 'plant.restored' }

/** Every plant a call named as it is now, those it changed, and the seq of its last change log entry. */
interface Edited {
  plants: Plant[]
  changed: Plant[]
  seq: number
}

/** The store's delete, restore and bulk operations. */
export class PlantEdits {
  constructor(private readonly host: EditHost) {}

  /** Deletes `id` (If-Match as `condition`); resolves with the plant as it was deleted, or undefined when there is none. */
  async delete(id: number, by: Actor, condition?: WriteCondition): Promise<Plant | undefined> {
    try {
      const { plants, seq } = await this.#edit('deleted', [{ id }], by, condition)
      const plant = plants[0]
      this.host.announce({ type: 'plant.deleted', plant: plant!, seq })
      return plant
    } catch (error) {
      if (error instanceof PlantsNotEditableError) return undefined
      throw error
    }
  }

  /** Brings `id` back as it was, one version on; PlantsNotEditableError when it has no tombstone or is not deleted. */
  async restore(id: number, by: Actor): Promise<Plant> {
    const { plants, seq } = await this.#edit('restored', [{ id }], by)
    this.host.announce({ type: 'plant.restored', plant: plants[0]!, seq })
    return plants[0]!
  }

  /** True when `id` is deleted and its tombstone not yet purged. */
  isDeleted(id: number): boolean {
    return this.host.record(id)?.deletedAt !== undefined
  }

  /**
   * Applies every change (each names its plant), all or none; announced once as `plants.changed`. Resolves with
   * every plant named, as it is now: a change that changes nothing leaves its plant alone (no version, no entry, no event).
   */
  bulkUpdate(updates: readonly BulkChange[], by: Actor): Promise<Plant[]> {
    return this.#bulk('updated', updates, by)
  }

  bulkDelete(ids: readonly number[], by: Actor): Promise<Plant[]> {
    return this.#bulk('deleted', unique(ids), by)
  }

  bulkRestore(ids: readonly number[], by: Actor): Promise<Plant[]> {
    return this.#bulk('restored', unique(ids), by)
  }

  async #bulk(edit: Edit, items: readonly BulkChange[], by: Actor): Promise<Plant[]> {
    const { plants, changed, seq } = await this.#edit(edit, items, by)
    if (changed.length > 0) this.host.announce({ type: 'plants.changed', change: edit, plants: changed, seq })
    return plants
  }

  #edit(edit: Edit, items: readonly BulkChange[], by: Actor, condition?: WriteCondition): Promise<Edited> {
    return this.host.submit(() => {
      const unknown: number[] = []
      const notDeleted: number[] = []
      for (const { id } of items) {
        const record = this.host.latest(id)
        if (!record || (edit !== 'restored' && record.deletedAt !== undefined)) unknown.push(id)
        else if (edit === 'restored' && record.deletedAt === undefined) notDeleted.push(id)
      }
      if (unknown.length > 0) throw new PlantsNotEditableError('unknown', unknown, edit === 'restored')
      if (notDeleted.length > 0) throw new PlantsNotEditableError('notDeleted', notDeleted)
      if (condition) checkVersion(this.host.latest(items[0]!.id)!, condition)
      // A bulk item's own version (an Undo's): a plant changed since is not overwritten, and nothing changes.
      for (const { id, version } of items) checkVersion(this.host.latest(id)!, { ifVersion: version })
      const at = this.host.now().toISOString()
      const changes: StagedChange[] = []
      const plants = items.map(({ id, version: _version, ...fields }) => {
        const before = this.host.latest(id)!
        const after = nextRecord(edit, before, fields, at)
        if (sameFields(before, after)) {
          // A plant prepared in this very batch exists only if the batch is saved: tie the answer to that write.
          if (before !== this.host.record(id)) changes.push({})
          return toFullPlant(before)
        }
        this.host.stage(after)
        changes.push({ plant: after, history: this.host.entryOf(CHANGE_TYPE_OF[edit], by, at, before, after) })
        return toFullPlant(after)
      })
      const changed = changes.flatMap((change) => (change.plant ? [toFullPlant(change.plant)] : []))
      return { result: { plants, changed, seq: changes.findLast((change) => change.history)?.history?.seq ?? 0 }, changes }
    })
  }
}

function nextRecord(edit: Edit, before: StoredPlant, fields: FieldChanges, at: string): StoredPlant {
  if (edit === 'updated') return changedPlantRecord(before, fields, at)
  if (edit === 'deleted') return { ...before, deletedAt: at, version: before.version + 1 }
  const { deletedAt: _deletedAt, ...restored } = before
  return { ...restored, version: before.version + 1 }
}

const unique = (ids: readonly number[]): PlantChanges[] => [...new Set(ids)].map((id) => ({ id }))
