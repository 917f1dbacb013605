/**
 * The plant catalogue: the only code that changes plants. It keeps the
 * catalogue in memory (lowdb's `data`, plus an index by id) and makes every
 * change durable (a fsynced journal line) before the change is acknowledged;
 * checkpoints fold the journal back into `plants.json`.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import type { NewPlant, Plant, PlantChanges, PlantStatus } from '../../src-shared/plant'
import { BackupSchedule, latestBackup, writeBackup } from './backups'
import { DATA_FILE_VERSION, DataFileError, emptyPlantFile, type PlantFile } from './data-file'
import { GroupCommit } from './group-commit'
import { Journal, listJournals } from './journal'
import { DurableJsonFile, nodeFileSystem, type FileSystem } from './json-file'
import { acquireDataDirLock, type DataDirLock } from './lock'
import { DATA_FILE_NAME, readCatalogue } from './read-catalogue'
import { serializeSnapshot, type CatalogueSnapshot } from './snapshot'

export { DATA_FILE_NAME } from './read-catalogue'

/** Options of {@link PlantStore.open}. */
export interface OpenPlantStoreOptions {
  /** The data directory; created (mode 0700) when missing. */
  dir: string
  /** File-system calls of the data files, replaced by tests to inject faults. */
  fs?: FileSystem
  /** Clock for createdAt/updatedAt and backups, replaced by tests. */
  now?: () => Date
  batchWindowMs?: number
  /** Who holds the data directory, shown to a second process that is refused. */
  holder?: string
  /** Least time between two automatic backups while writing (default one hour). */
  backupIntervalMs?: number
  /** Quiet time after the last change before the journal is folded into plants.json (default 2 s). */
  checkpointIdleMs?: number
  /** Journal size that triggers a checkpoint even while busy (default: 1 MiB or half the snapshot, whichever is larger). */
  checkpointBytes?: number
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

const MIN_CHECKPOINT_BYTES = 1024 * 1024

/** The catalogue behind the API. */
export class PlantStore {
  readonly dir: string
  readonly file: string
  readonly #db: Low<PlantFile>
  /** Position of each plant in db.data.plants. Records are immutable: an update replaces the object. */
  readonly #index = new Map<number, number>()
  readonly #commits: GroupCommit<Plant>
  readonly #now: () => Date
  readonly #fs: FileSystem
  readonly #listeners = new Set<(change: PlantChange) => void>()
  readonly #lock: DataDirLock
  readonly #backups: BackupSchedule
  readonly #checkpointIdleMs: number
  readonly #checkpointBytes: number | undefined
  #journal: Journal
  /** Bumped by every change to memory (and its undo), so readers can cache what they derive from it. */
  #version = 0
  /** The catalogue as it was when opened, backed up before the first write of this run. */
  #openingState: CatalogueSnapshot | undefined
  #snapshotBytes: number
  #idleTimer: NodeJS.Timeout | undefined
  #checkpointing: Promise<void> | undefined
  readonly #background = new Set<Promise<void>>()

  private constructor(db: Low<PlantFile>, journal: Journal, lock: DataDirLock, snapshotBytes: number, options: OpenPlantStoreOptions) {
    this.dir = options.dir
    this.file = path.join(options.dir, DATA_FILE_NAME)
    this.#db = db
    this.#journal = journal
    this.#lock = lock
    this.#snapshotBytes = snapshotBytes
    this.#now = options.now ?? (() => new Date())
    this.#fs = options.fs ?? nodeFileSystem
    this.#backups = new BackupSchedule(options.backupIntervalMs)
    this.#checkpointIdleMs = options.checkpointIdleMs ?? 2000
    this.#checkpointBytes = options.checkpointBytes
    db.data.plants.forEach((plant, position) => this.#index.set(plant.id, position))
    this.#openingState = this.#snapshot(journal.gen)
    this.#commits = new GroupCommit<Plant>({ save: (plants) => this.#save(plants), batchWindowMs: options.batchWindowMs })
  }

  /**
   * Opens the catalogue in `dir`, creating an empty one on first use. Takes the
   * directory's lock first (DataDirLockedError when another process has it).
   * Throws DataFileError for a file it cannot trust, naming the latest backup;
   * such a file is never overwritten or repaired.
   */
  static async open(options: OpenPlantStoreOptions): Promise<PlantStore> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 })
    const lock = await acquireDataDirLock(options.dir, options.holder ?? 'plant-store serve')
    try {
      const fs = options.fs ?? nodeFileSystem
      const file = path.join(options.dir, DATA_FILE_NAME)
      const stored = await readCatalogue(options.dir, fs)
      const data = stored?.data ?? emptyPlantFile()
      const snapshotFile = new DurableJsonFile<PlantFile>(file, { parse: JSON.parse, fs })
      const db = new Low<PlantFile>(snapshotFile, data)
      let snapshotBytes = 0
      if (!stored || stored.fromVersion < DATA_FILE_VERSION) {
        // A new catalogue is written at once (proving the folder is writable before any request);
        // a migrated one is rewritten after its old form is backed up.
        if (stored) await writeBackup(options.dir, await readFile(file, 'utf8'), options.now?.())
        const text = await serializeSnapshot({ nextId: data.nextId, journalGen: (stored?.lastGen ?? 0) + 1, plants: data.plants })
        await snapshotFile.writeText(text)
        snapshotBytes = text.length
      }
      const journal = await Journal.create(options.dir, (stored?.lastGen ?? 0) + 1, fs)
      const store = new PlantStore(db, journal, lock, snapshotBytes, options)
      if (stored && (stored.replayed.length > 0 || stored.obsolete.length > 0)) store.#armIdleCheckpoint()
      return store
    } catch (error) {
      await lock.release()
      if (error instanceof DataFileError) error.latestBackup = await latestBackup(options.dir)
      throw error
    }
  }

  /** Changes whenever the plants in memory change; equal versions mean equal contents. */
  get version(): number {
    return this.#version
  }

  /** Number of plants in the catalogue. */
  get size(): number {
    return this.#index.size
  }

  /** The plant with `id`, or undefined. */
  get(id: number): Plant | undefined {
    const position = this.#index.get(id)
    return position === undefined ? undefined : this.#db.data.plants[position]
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

  /** Adds a plant and resolves with it once it is on disk. */
  async add(input: NewPlant): Promise<Plant> {
    const plant = await this.#commits.submit(() => {
      const data = this.#db.data
      const at = this.#now().toISOString()
      const added = { id: data.nextId } as Plant
      if (input.name !== undefined) added.name = input.name
      if (input.category !== undefined) added.category = input.category
      Object.assign(added, { tags: input.tags ?? [], status: input.status ?? 'available', createdAt: at, updatedAt: at })
      data.nextId += 1 // not rolled back on failure: ids are never reused
      this.#index.set(added.id, data.plants.length)
      data.plants.push(added)
      this.#version++
      return {
        result: added,
        change: added,
        undo: () => {
          data.plants.pop()
          this.#index.delete(added.id)
          this.#version++
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
      const position = this.#index.get(changes.id)
      if (position === undefined) return { result: undefined }
      const plants = this.#db.data.plants
      const before = plants[position]!
      const { id: _id, ...fields } = changes
      if (Object.keys(fields).length === 0) return { result: before }
      const after: Plant = { ...before, ...fields, updatedAt: this.#now().toISOString() }
      plants[position] = after
      this.#version++
      changed = true
      const undo = () => {
        plants[position] = before
        this.#version++
      }
      return { result: after, change: after, undo }
    })
    if (plant && changed) this.#announce('plant.updated', plant)
    return plant
  }

  /** Folds the journal into plants.json now (normally done in the background). */
  checkpoint(): Promise<void> {
    this.#checkpointing ??= this.#checkpoint().finally(() => (this.#checkpointing = undefined))
    return this.#checkpointing
  }

  /**
   * Stops taking changes, waits for the write in flight, folds the journal
   * into plants.json (so the file is complete after a clean stop) and releases
   * the data directory.
   */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer)
    await this.#commits.close()
    await this.#checkpointing?.catch(() => undefined)
    await Promise.allSettled(this.#background)
    await this.#journal.close()
    if (this.#journal.bytes === 0 && (await listJournals(this.dir)).length === 1) {
      await unlink(this.#journal.file).catch(() => undefined) // plants.json is complete already
    } else {
      await this.#writeSnapshot(this.#snapshot(this.#journal.gen + 1)).catch((error: unknown) => {
        console.error(`[plant-store] could not fold the journal into ${this.file} on close (it will be replayed at the next start):`, error)
      })
    }
    await this.#lock.release()
  }

  #snapshot(journalGen: number): CatalogueSnapshot {
    return { nextId: this.#db.data.nextId, journalGen, plants: this.#db.data.plants.slice() }
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

  /** The one write path: makes a batch of changed plants durable. */
  async #save(plants: Plant[]): Promise<void> {
    if (this.#journal.broken) {
      // The last append failed part-way: continue in a fresh file so the torn line stays the last of its file.
      const next = await Journal.create(this.dir, this.#journal.gen + 1, this.#fs)
      await this.#journal.close()
      this.#journal = next
    }
    await this.#journal.append({ nextId: this.#db.data.nextId, plants })
    this.#afterSave()
  }

  #afterSave(): void {
    if (this.#backups.claim(this.#now())) {
      // The first backup of a run holds the catalogue as it was before this run changed anything.
      const state = this.#openingState ?? this.#snapshot(this.#journal.gen)
      this.#openingState = undefined
      this.#inBackground(this.#backup(state))
    }
    const limit = this.#checkpointBytes ?? Math.max(MIN_CHECKPOINT_BYTES, this.#snapshotBytes / 2)
    if (this.#journal.bytes > limit) void this.checkpoint()
    else this.#armIdleCheckpoint()
  }

  #armIdleCheckpoint(): void {
    clearTimeout(this.#idleTimer)
    this.#idleTimer = setTimeout(() => void this.checkpoint(), this.#checkpointIdleMs)
    this.#idleTimer.unref()
  }

  #inBackground(task: Promise<void>): void {
    this.#background.add(task)
    void task.finally(() => this.#background.delete(task))
  }

  async #backup(state: CatalogueSnapshot): Promise<void> {
    try {
      await writeBackup(this.dir, await serializeSnapshot(state), this.#now())
    } catch (error) {
      // A failed backup never blocks a sale; it is reported and tried again at the next one.
      console.error(`[plant-store] could not write a backup in ${this.dir}:`, error)
    }
  }

  async #checkpoint(): Promise<void> {
    clearTimeout(this.#idleTimer)
    let snapshot: CatalogueSnapshot | undefined
    try {
      // Between two batches: later changes go to a new journal, so the snapshot holds exactly those before it.
      await this.#commits.exclusive(async () => {
        const next = await Journal.create(this.dir, this.#journal.gen + 1, this.#fs)
        await this.#journal.close()
        this.#journal = next
        snapshot = this.#snapshot(next.gen)
      })
      await this.#writeSnapshot(snapshot!)
    } catch (error) {
      console.error(`[plant-store] checkpoint of ${this.file} failed; the journal keeps every change and it is tried again later:`, error)
      this.#armIdleCheckpoint()
    }
  }

  /** Writes `snapshot` as plants.json, then deletes the journals it contains. */
  async #writeSnapshot(snapshot: CatalogueSnapshot): Promise<void> {
    const text = await serializeSnapshot(snapshot)
    await (this.#db.adapter as DurableJsonFile<PlantFile>).writeText(text) // the lowdb adapter built in open()
    this.#snapshotBytes = text.length
    for (const journal of await listJournals(this.dir)) {
      if (journal.gen < snapshot.journalGen) await unlink(journal.file).catch(() => undefined)
    }
  }
}
