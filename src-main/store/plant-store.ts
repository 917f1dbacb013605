/**
 * The plant catalogue: the only code that changes plants. It keeps the
 * catalogue in memory (lowdb's `data`, plus a Map by id) and saves every
 * change through one write path before the change is acknowledged.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import type { NewPlant, Plant, PlantChanges, PlantStatus } from '../../src-shared/plant'
import { checkPlantFile, emptyPlantFile, parseDataFileText, type PlantFile } from './data-file'
import { GroupCommit } from './group-commit'
import { DurableJsonFile, type FileSystem } from './json-file'

/** Name of the catalogue file inside the data directory. */
export const DATA_FILE_NAME = 'plants.json'

/** Options of {@link openPlantStore}. */
export interface OpenPlantStoreOptions {
  /** The data directory; created (mode 0700) when missing. */
  dir: string
  /** File-system calls of the data file, replaced by tests to inject faults. */
  fs?: FileSystem
  /** Clock for createdAt/updatedAt, replaced by tests. */
  now?: () => Date
  batchWindowMs?: number
}

/** Filter of {@link PlantStore.find}. */
export interface PlantFilter {
  /** Keep plants in any of these states; all plants when absent or empty. */
  statuses?: readonly PlantStatus[]
}

/** A saved change, announced to listeners after it is on disk. */
export interface PlantChange {
  type: 'plant.added' | 'plant.updated'
  plant: Plant
}

/** The catalogue behind the API. */
export class PlantStore {
  readonly file: string
  readonly #db: Low<PlantFile>
  readonly #byId = new Map<number, Plant>()
  readonly #commits: GroupCommit
  readonly #now: () => Date
  readonly #listeners = new Set<(change: PlantChange) => void>()

  private constructor(file: string, db: Low<PlantFile>, options: OpenPlantStoreOptions) {
    this.file = file
    this.#db = db
    this.#now = options.now ?? (() => new Date())
    for (const plant of db.data.plants) this.#byId.set(plant.id, plant)
    this.#commits = new GroupCommit({ save: () => db.write(), batchWindowMs: options.batchWindowMs })
  }

  /**
   * Opens the catalogue in `dir`, creating an empty one on first use. Throws a
   * DataFileError for a file it cannot trust; it never overwrites such a file.
   */
  static async open(options: OpenPlantStoreOptions): Promise<PlantStore> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 })
    const file = path.join(options.dir, DATA_FILE_NAME)
    const adapter = new DurableJsonFile<PlantFile>(file, {
      parse: (text) => checkPlantFile(file, parseDataFileText(file, text)),
      fs: options.fs
    })
    const existing = await adapter.read()
    const db = new Low<PlantFile>(adapter, existing ?? emptyPlantFile())
    // Creating the file at once proves the folder is writable before any request is accepted.
    if (!existing) await db.write()
    return new PlantStore(file, db, options)
  }

  /** Number of plants in the catalogue. */
  get size(): number {
    return this.#byId.size
  }

  /** The plant with `id`, or undefined. */
  get(id: number): Plant | undefined {
    return this.#byId.get(id)
  }

  /** Plants matching `filter`, ordered by id ascending. */
  find(filter: PlantFilter = {}): readonly Plant[] {
    const plants = this.#db.data.plants
    const statuses = filter.statuses
    if (!statuses || statuses.length === 0) return plants
    return plants.filter((plant) => statuses.includes(plant.status))
  }

  /** Calls `listener` after each saved change; returns a function that stops it. */
  onChange(listener: (change: PlantChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #announce(type: PlantChange['type'], plant: Plant): void {
    for (const listener of this.#listeners) {
      try {
        listener({ type, plant })
      } catch (error) {
        console.error('[plant-store] a change listener failed:', error)
      }
    }
  }

  /** Adds a plant and resolves with it once it is on disk. */
  async add(input: NewPlant): Promise<Plant> {
    const plant = await this.#commits.submit(() => {
      const data = this.#db.data
      const at = this.#now().toISOString()
      const stored = { id: data.nextId } as Plant
      if (input.name !== undefined) stored.name = input.name
      if (input.category !== undefined) stored.category = input.category
      Object.assign(stored, { tags: input.tags ?? [], status: input.status ?? 'available', createdAt: at, updatedAt: at })
      data.nextId += 1 // not rolled back on failure: ids are never reused
      data.plants.push(stored)
      this.#byId.set(stored.id, stored)
      return {
        result: stored,
        undo: () => {
          data.plants.pop()
          this.#byId.delete(stored.id)
        }
      }
    })
    this.#announce('plant.added', plant)
    return plant
  }

  /** Applies `changes` to the plant they name; resolves with the plant once on disk, or undefined when no such plant exists. */
  async update(changes: PlantChanges): Promise<Plant | undefined> {
    let changed = false
    const plant = await this.#commits.submit(() => {
      const plant = this.#byId.get(changes.id)
      if (!plant) return { result: undefined }
      const { id: _id, ...fields } = changes
      if (Object.keys(fields).length === 0) return { result: plant }
      const before = { ...plant }
      Object.assign(plant, fields, { updatedAt: this.#now().toISOString() })
      changed = true
      return { result: plant, undo: () => restoreFields(plant, before) }
    })
    if (plant && changed) this.#announce('plant.updated', plant)
    return plant
  }

  /** Stops taking changes and waits for the write in flight. */
  close(): Promise<void> {
    return this.#commits.close()
  }
}

/** Puts `target` back to exactly the fields of `before` (removing fields added since). */
function restoreFields(target: Plant, before: Plant): void {
  for (const key of Object.keys(target) as (keyof Plant)[]) if (!(key in before)) delete target[key]
  Object.assign(target, before)
}
