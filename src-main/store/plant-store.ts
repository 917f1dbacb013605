/**
 * The plant catalogue: the only code that changes plants. It keeps the
 * catalogue in memory (lowdb's `data`, plus an index by id) and makes every
 * change durable (a fsynced journal line) before it is published to readers
 * and acknowledged; checkpoints fold the journal back into `plants.json`
 * through lowdb's write() (checkpoints.ts). Opening is open-catalogue.ts.
 */
import path from 'node:path'
import type { Low } from 'lowdb'
import type { NewPlant, Plant, PlantChanges } from '../../src-shared/plant'
import { ActiveJournal } from './active-journal'
import { Checkpoints } from './checkpoints'
import type { PlantFile } from './data-file'
import { GroupCommit } from './group-commit'
import { IdempotencyKeys, fingerprintOf, type IdempotencyRecord, type IdempotencyScope } from './idempotency-keys'
import type { DataDirLock } from './lock'
import { openCatalogue, type OpenPlantStoreOptions, type OpenedCatalogue } from './open-catalogue'
import { changedPlantRecord, newPlantRecord } from './plant-records'
import type { AddOutcome, PlantChange, PlantFilter } from './plant-store-types'
import { IdempotencyKeyReusedError, checkVersion, type WriteCondition } from './preconditions'
import { DATA_FILE_NAME } from './read-catalogue'
import { RunBackups } from './run-backups'
import type { CatalogueSnapshot } from './snapshot'

export { DATA_FILE_NAME } from './read-catalogue'
export type { OpenPlantStoreOptions } from './open-catalogue'
export type { AddOutcome, PlantChange, PlantFilter } from './plant-store-types'

/** One change of a batch: a plant record and the idempotency key that came with it, either possibly absent. */
interface StagedChange {
  plant?: Plant
  key?: IdempotencyRecord
}

/** The catalogue behind the API. */
export class PlantStore {
  readonly dir: string
  readonly file: string
  /** The published catalogue: only changes already on disk. Checkpoints save it with lowdb's write(). */
  readonly #db: Low<PlantFile>
  /** Position of each published plant in db.data.plants. Records are immutable: an update replaces the object. */
  readonly #index = new Map<number, number>()
  /** Records prepared by the batch being saved, by id; published only once the batch is on disk. */
  readonly #pending = new Map<number, Plant>()
  readonly #commits: GroupCommit<StagedChange>
  readonly #keys: IdempotencyKeys
  readonly #now: () => Date
  readonly #listeners = new Set<(change: PlantChange) => void>()
  readonly #lock: DataDirLock
  readonly #backups: RunBackups
  readonly #journal: ActiveJournal
  readonly #checkpoints: Checkpoints
  /** Bumped whenever published plants change, so readers can cache what they derive from them. */
  #version = 0
  #closing: Promise<void> | undefined

  private constructor(opened: OpenedCatalogue, options: OpenPlantStoreOptions) {
    const { db, snapshot } = opened
    this.dir = options.dir
    this.file = path.join(options.dir, DATA_FILE_NAME)
    this.#db = db
    this.#journal = new ActiveJournal(options.dir, opened.journal, options.fs)
    this.#lock = opened.lock
    this.#now = options.now ?? (() => new Date())
    db.data.plants.forEach((plant, position) => this.#index.set(plant.id, position))
    // The keys live in #keys (saved and pending apart); db.data gets a copy of the live ones at each write.
    this.#keys = new IdempotencyKeys(db.data.idempotencyKeys, options.idempotencyTtlMs)
    delete db.data.idempotencyKeys
    this.#backups = new RunBackups(this.dir, this.#snapshot(opened.journal.gen), options.backupIntervalMs)
    this.#commits = new GroupCommit<StagedChange>({
      save: (changes) => this.#save(changes),
      discard: () => {
        this.#pending.clear()
        this.#keys.discard()
      },
      batchWindowMs: options.batchWindowMs
    })
    this.#checkpoints = new Checkpoints({
      dir: this.dir,
      file: this.file,
      journal: this.#journal,
      between: (task) => this.#commits.exclusive(task),
      writeSnapshot: (journalGen) => this.#writeSnapshot(journalGen),
      snapshotSize: () => snapshot.size,
      idleMs: options.checkpointIdleMs,
      journalBytes: options.checkpointBytes
    })
    if (opened.hasOldJournals) this.#checkpoints.armIdle()
  }

  /**
   * Opens the catalogue in `dir`, creating an empty one on first use. Takes the
   * directory's lock first (DataDirLockedError when another process has it).
   * Throws DataFileError for a file it cannot trust, naming the latest backup;
   * such a file is never overwritten or repaired.
   */
  static async open(options: OpenPlantStoreOptions): Promise<PlantStore> {
    return new PlantStore(await openCatalogue(options), options)
  }

  /** Changes whenever the published plants change; equal versions mean equal contents. */
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

  /** Plants matching `filter`, ordered by id ascending. Read-only: it may be the store's own list. */
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
    return (await this.#add(input)).plant
  }

  /**
   * Adds a plant unless `scope`'s key was used before: then resolves with the
   * plant that first add created (replayed), or throws IdempotencyKeyReusedError
   * when that add had other input. Checked in the serialised step, so two
   * concurrent adds with one key add one plant; the key is saved in the same
   * journal line as the plant.
   */
  addOnce(input: NewPlant, scope: IdempotencyScope): Promise<AddOutcome> {
    return this.#add(input, scope)
  }

  async #add(input: NewPlant, scope?: IdempotencyScope): Promise<AddOutcome> {
    const outcome = await this.#commits.submit<AddOutcome>(() => {
      const now = this.#now()
      const fingerprint = scope && fingerprintOf(input)
      const known = scope && this.#keys.find(scope, now)
      if (known) {
        if (known.record.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(known.record.key, known.record.plant.id)
        const replayed = { plant: known.record.plant, replayed: true }
        // A key staged by this very batch exists only if the batch is saved: tie the answer to that write.
        return known.pending ? { result: replayed, change: {} } : { result: replayed }
      }
      const data = this.#db.data
      const at = now.toISOString()
      const added = newPlantRecord(data.nextId, input, at)
      data.nextId += 1 // kept even if the write fails: ids are never reused
      this.#pending.set(added.id, added)
      const key = scope && fingerprint ? this.#keys.stage({ ...scope, fingerprint, at, plant: added }) : undefined
      return { result: { plant: added, replayed: false }, change: key ? { plant: added, key } : { plant: added } }
    })
    if (!outcome.replayed) this.#announce('plant.added', outcome.plant)
    return outcome
  }

  /**
   * Applies `changes` to the plant they name; resolves with the plant once on
   * disk, or undefined when no such plant exists. Throws VersionConflictError
   * (nothing changed) when `condition` names versions the plant is not at.
   */
  async update(changes: PlantChanges, condition?: WriteCondition): Promise<Plant | undefined> {
    let changed = false
    const plant = await this.#commits.submit<Plant | undefined>(() => {
      const pending = this.#pending.get(changes.id)
      const before = pending ?? this.get(changes.id)
      if (!before) return { result: undefined }
      checkVersion(before, condition)
      const { id: _id, ...fields } = changes
      // A plant prepared in this very batch exists only if the batch is saved: tie the answer to that write.
      if (Object.keys(fields).length === 0) return pending ? { result: pending, change: {} } : { result: before }
      const after = changedPlantRecord(before, fields, this.#now().toISOString())
      this.#pending.set(after.id, after)
      changed = true
      return { result: after, change: { plant: after } }
    })
    if (plant && changed) this.#announce('plant.updated', plant)
    return plant
  }

  /** Folds the journal into plants.json now (normally done in the background). */
  checkpoint(): Promise<void> {
    return this.#checkpoints.run()
  }

  /**
   * Stops taking changes, waits for the write in flight, folds the journal
   * into plants.json (so the file is complete after a clean stop) and releases
   * the data directory. Calling it again returns the same promise.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close()
    return this.#closing
  }

  async #close(): Promise<void> {
    const checkpointEnded = this.#checkpoints.stop() // at once: no checkpoint starts after close() was called
    await this.#commits.close()
    await checkpointEnded
    await this.#backups.settled()
    await this.#checkpoints.final()
    await this.#lock.release()
  }

  #snapshot(journalGen: number): CatalogueSnapshot {
    const idempotencyKeys = this.#keys.live(this.#now())
    const { version, nextId, plants } = this.#db.data
    return { version, nextId, journalGen, plants: plants.slice(), idempotencyKeys }
  }

  /**
   * Saves the published catalogue as plants.json with lowdb's write(); the
   * adapter (catalogue-file.ts) copies it before it first yields. What the
   * file records beside the plants is filled in just before: which journals
   * follow it and the idempotency keys still remembered.
   */
  #writeSnapshot(journalGen: number): Promise<void> {
    this.#db.data.journalGen = journalGen
    this.#db.data.idempotencyKeys = this.#keys.live(this.#now())
    return this.#db.write()
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

  /** The one write path: makes a batch of changed plants (and their adds' keys) durable, then publishes them. */
  async #save(changes: StagedChange[]): Promise<void> {
    const plants = changes.flatMap((change) => (change.plant ? [change.plant] : []))
    const keys = changes.flatMap((change) => (change.key ? [change.key] : []))
    await this.#journal.append({ nextId: this.#db.data.nextId, plants, ...(keys.length > 0 ? { keys } : {}) })
    this.#publish()
    try {
      this.#afterSave()
    } catch (error) {
      // The change is on disk and must be answered as saved; housekeeping can wait for the next write.
      console.error('[plant-store] after-save housekeeping failed:', error)
    }
  }

  /** Moves the saved batch from #pending into the catalogue readers see. */
  #publish(): void {
    const plants = this.#db.data.plants
    for (const [id, plant] of this.#pending) {
      const position = this.#index.get(id)
      if (position !== undefined) plants[position] = plant
      else {
        // New ids are the highest so far and were prepared in increasing order, so the list stays sorted.
        this.#index.set(id, plants.length)
        plants.push(plant)
      }
    }
    this.#pending.clear()
    this.#keys.publish()
    this.#version++
  }

  #afterSave(): void {
    this.#backups.afterSave(this.#now(), () => this.#snapshot(this.#journal.gen))
    this.#checkpoints.afterSave()
  }
}
