/**
 * The plant catalogue: the only code that changes plants. It keeps the
 * catalogue in memory (lowdb's `data`, plus an index by id) and makes every
 * change durable (a fsynced journal line) before it is published to readers
 * and acknowledged; checkpoints fold the journal back into `plants.json`.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import type { NewPlant, Plant, PlantChanges, PlantStatus } from '../../src-shared/plant'
import { BackupSchedule, latestBackup, writeBackup } from './backups'
import { DATA_FILE_VERSION, DataFileError, PLANT_ID_MAX, emptyPlantFile, type PlantFile } from './data-file'
import { checkStoreFolder, removeStoreLeftovers } from './data-folder'
import { FolderGuard, WriteRefusedError, type FolderTrouble } from './folder-guard'
import { describeWriteFailure } from './file-system-errors'
import { GroupCommit } from './group-commit'
import { IdempotencyKeys, fingerprintOf, type IdempotencyRecord, type IdempotencyScope } from './idempotency-keys'
import { Journal, listJournals } from './journal'
import { DurableJsonFile, nodeFileSystem, type FileSystem } from './json-file'
import { acquireDataDirLock } from './lock'
import { IdempotencyKeyReusedError, checkVersion, type WriteCondition } from './preconditions'
import { DATA_FILE_NAME, readCatalogue } from './read-catalogue'
import { serializeSnapshot, type CatalogueSnapshot } from './snapshot'
import { UnknownPlantError } from './unknown-plant-error'

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
  /** Quiet time after the last change before the journal is folded into plants.json (default 30 s). */
  checkpointIdleMs?: number
  /** Journal size that triggers a checkpoint even while busy (default: 1 MiB or half the snapshot, whichever is larger). */
  checkpointBytes?: number
  /** How long idempotency keys are remembered (default 24 hours). */
  idempotencyTtlMs?: number
  /**
   * Called after the store re-created its deleted folder and wrote the
   * catalogue there, so that the service can put back its own files (token,
   * server.json). A failure is logged; the catalogue is saved regardless.
   */
  onFolderRecreated?: () => Promise<void>
}

/** Filter of {@link PlantStore.find}. */
export interface PlantFilter {
  /** Keep plants in any of these states; all plants when absent or empty. */
  statuses?: readonly PlantStatus[]
}

/** A saved change, announced to listeners after it is on disk; a batch is announced once, not per plant. */
export type PlantChange = { type: 'plant.added' | 'plant.updated'; plant: Plant } | { type: 'import.applied'; added: number; updated: number }

/** Plants to add and changes to make in one durable write (see {@link PlantStore.applyBatch}). */
export interface PlantBatch {
  adds: readonly NewPlant[]
  updates: readonly PlantChanges[]
}

/** What {@link PlantStore.addOnce} did: added the plant, or found the key and answered with the plant it added before. */
export interface AddOutcome {
  plant: Plant
  replayed: boolean
}

/** One change of a batch: a plant record and the idempotency key that came with it, either possibly absent. */
interface StagedChange {
  plant?: Plant
  key?: IdempotencyRecord
}

const MIN_CHECKPOINT_BYTES = 1024 * 1024

/** How often an idle store makes sure its folder, journal and lock are still its own. */
const PATROL_MS = 1000

/** The catalogue behind the API. */
export class PlantStore {
  readonly dir: string
  readonly file: string
  /** The published catalogue: only changes already on disk. lowdb's `write()` is never used (see #writeSnapshot). */
  readonly #db: Low<PlantFile>
  readonly #snapshotFile: DurableJsonFile<PlantFile>
  /** Position of each published plant in db.data.plants. Records are immutable: an update replaces the object. */
  readonly #index = new Map<number, number>()
  /** Records prepared by the batch being saved, by id; published only once the batch is on disk. */
  readonly #pending = new Map<number, Plant>()
  readonly #commits: GroupCommit<StagedChange>
  readonly #keys: IdempotencyKeys
  readonly #now: () => Date
  readonly #fs: FileSystem
  readonly #listeners = new Set<(change: PlantChange) => void>()
  readonly #guard: FolderGuard
  readonly #patrol: NodeJS.Timeout
  #patrolling: Promise<void> | undefined
  readonly #backups: BackupSchedule
  readonly #checkpointIdleMs: number
  readonly #checkpointBytes: number | undefined
  readonly #background = new Set<Promise<void>>()
  #journal: Journal
  /** Bumped whenever published plants change, so readers can cache what they derive from them. */
  #version = 0
  /** The catalogue as it was when opened, backed up before the first write of this run. */
  #openingState: CatalogueSnapshot | undefined
  #snapshotBytes: number
  #idleTimer: NodeJS.Timeout | undefined
  #checkpointing: Promise<void> | undefined
  #closing: Promise<void> | undefined

  private constructor(db: Low<PlantFile>, snapshotFile: DurableJsonFile<PlantFile>, journal: Journal, guard: FolderGuard, snapshotBytes: number, options: OpenPlantStoreOptions) {
    this.dir = options.dir
    this.file = path.join(options.dir, DATA_FILE_NAME)
    this.#db = db
    this.#snapshotFile = snapshotFile
    this.#journal = journal
    this.#guard = guard
    this.#snapshotBytes = snapshotBytes
    this.#now = options.now ?? (() => new Date())
    this.#fs = options.fs ?? nodeFileSystem
    this.#backups = new BackupSchedule(options.backupIntervalMs)
    this.#checkpointIdleMs = options.checkpointIdleMs ?? 30_000
    this.#checkpointBytes = options.checkpointBytes
    db.data.plants.forEach((plant, position) => this.#index.set(plant.id, position))
    // The keys live in #keys (saved and pending apart), not in db.data.
    this.#keys = new IdempotencyKeys(db.data.idempotencyKeys, options.idempotencyTtlMs)
    delete db.data.idempotencyKeys
    this.#openingState = this.#snapshot(journal.gen)
    this.#commits = new GroupCommit<StagedChange>({
      save: (changes) => this.#save(changes),
      discard: () => {
        this.#pending.clear()
        this.#keys.discard()
      },
      batchWindowMs: options.batchWindowMs
    })
    this.#patrol = setInterval(() => void this.#makeSureOfFolder(), PATROL_MS)
    this.#patrol.unref()
  }

  /**
   * Opens the catalogue in `dir`, creating an empty one on first use. Takes the
   * directory's lock first (DataDirLockedError when another process has it).
   * Throws DataFileError for a file it cannot trust, naming the latest backup;
   * such a file is never overwritten or repaired.
   */
  static async open(options: OpenPlantStoreOptions): Promise<PlantStore> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 })
    await checkStoreFolder(options.dir)
    const lock = await acquireDataDirLock(options.dir, options.holder ?? 'plant-store serve')
    try {
      const fs = options.fs ?? nodeFileSystem
      const file = path.join(options.dir, DATA_FILE_NAME)
      await removeStoreLeftovers(options.dir)
      const stored = await readCatalogue(options.dir, fs)
      for (const torn of stored?.torn ?? []) {
        console.warn(`[plant-store] dropped the unfinished last line of ${torn.file} (${torn.bytes} bytes): a write cut short by a crash, never acknowledged`)
      }
      const data = stored?.data ?? emptyPlantFile()
      // Which journals follow a snapshot is decided afresh at each checkpoint, never kept in memory.
      delete data.journalGen
      const snapshotFile = new DurableJsonFile<PlantFile>(file, { fs })
      const db = new Low<PlantFile>(snapshotFile, data)
      const firstGen = (stored?.lastGen ?? 0) + 1
      let snapshotBytes = stored?.snapshotBytes ?? 0
      if (!stored || stored.fromVersion < DATA_FILE_VERSION) {
        // A new catalogue is written at once (proving the folder is writable before any request);
        // a migrated one is rewritten after its old form is backed up.
        if (stored) await writeBackup(options.dir, await readFile(file, 'utf8'), options.now?.())
        const text = await serializeSnapshot({ nextId: data.nextId, journalGen: firstGen, plants: data.plants, idempotencyKeys: data.idempotencyKeys })
        await snapshotFile.writeText(text)
        snapshotBytes = text.length
      }
      const journal = await Journal.create(options.dir, firstGen, fs)
      const guard = await FolderGuard.create(options.dir, lock, { holder: options.holder ?? 'plant-store serve', onFolderRecreated: options.onFolderRecreated })
      const store = new PlantStore(db, snapshotFile, journal, guard, snapshotBytes, options)
      if (stored && (stored.replayed.length > 0 || stored.obsolete.length > 0)) store.#armIdleCheckpoint()
      return store
    } catch (error) {
      await lock.release()
      if (error instanceof DataFileError) error.latestBackup = await latestBackup(options.dir)
      throw error
    }
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
      const at = now.toISOString()
      const added = this.#prepareAdd(input, at)
      const key = scope && fingerprint ? this.#keys.stage({ ...scope, fingerprint, at, plant: added }) : undefined
      return { result: { plant: added, replayed: false }, change: key ? { plant: added, key } : { plant: added } }
    })
    if (!outcome.replayed) this.#announce({ type: 'plant.added', plant: outcome.plant })
    return outcome
  }

  /** Throws WriteRefusedError unless `count` more ids can be handed out. */
  #checkIdsLeft(count: number): void {
    if (this.#db.data.nextId + count - 1 > PLANT_ID_MAX) {
      throw new WriteRefusedError(
        `every plant id up to ${PLANT_ID_MAX}, the highest Plant Store hands out, has been used, so no plant can be added. ` +
          'Existing plants can still be changed; to add more, start a new catalogue in another data folder (--data)'
      )
    }
  }

  #prepareAdd(input: NewPlant, at: string): Plant {
    this.#checkIdsLeft(1)
    const data = this.#db.data
    const added = { id: data.nextId } as Plant
    if (input.name !== undefined) added.name = input.name
    if (input.category !== undefined) added.category = input.category
    Object.assign(added, { tags: input.tags ?? [], status: input.status ?? 'available', createdAt: at, updatedAt: at, version: 1 })
    data.nextId += 1 // kept even if the write fails: ids are never reused
    this.#pending.set(added.id, added)
    return added
  }

  /**
   * Adds and updates plants in one durable write (one journal line, one
   * fsync): after a crash either all of the batch is there or none of it.
   * Throws UnknownPlantError, changing nothing, when an update names no plant.
   * Announced once as `import.applied`.
   */
  async applyBatch(batch: PlantBatch): Promise<{ added: Plant[]; updated: Plant[] }> {
    const saved = await this.#commits.submit(() => {
      const missing = batch.updates.find((changes) => !this.#pending.has(changes.id) && !this.get(changes.id))
      if (missing) throw new UnknownPlantError(missing.id)
      this.#checkIdsLeft(batch.adds.length) // before anything is staged
      const at = this.#now().toISOString()
      const added = batch.adds.map((input) => this.#prepareAdd(input, at))
      const updated = batch.updates.map(({ id, ...fields }) => {
        const before = this.#pending.get(id) ?? this.get(id)!
        const after: Plant = { ...before, ...fields, updatedAt: at, version: before.version + 1 }
        this.#pending.set(id, after)
        return after
      })
      return { result: { added, updated }, changes: [...added, ...updated].map((plant) => ({ plant })) }
    })
    if (saved.added.length + saved.updated.length > 0) {
      this.#announce({ type: 'import.applied', added: saved.added.length, updated: saved.updated.length })
    }
    return saved
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
      const after: Plant = { ...before, ...fields, updatedAt: this.#now().toISOString(), version: before.version + 1 }
      this.#pending.set(after.id, after)
      changed = true
      return { result: after, change: { plant: after } }
    })
    if (plant && changed) this.#announce({ type: 'plant.updated', plant })
    return plant
  }

  /** Folds the journal into plants.json now (normally done in the background). */
  checkpoint(): Promise<void> {
    if (this.#closing) return Promise.resolve()
    this.#checkpointing ??= this.#checkpoint().finally(() => (this.#checkpointing = undefined))
    return this.#checkpointing
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
    await this.#commits.close()
    clearTimeout(this.#idleTimer) // after the last write, which may have re-armed it
    clearInterval(this.#patrol)
    await this.#checkpointing?.catch(() => undefined)
    await this.#patrolling?.catch(() => undefined)
    await Promise.allSettled(this.#background)
    if (!(await this.#closeWhereSafe())) {
      await this.#journal.close()
      await this.#guard.lock.release() // only deletes the lock file while it is still ours
      return
    }
    await this.#journal.close()
    if (this.#journal.bytes === 0 && (await listJournals(this.dir)).length === 1) {
      await unlink(this.#journal.file).catch(() => undefined) // plants.json is complete already
    } else {
      await this.#writeSnapshot(this.#snapshot(this.#journal.gen + 1)).catch(async (error: unknown) => {
        // Say that the journal will be replayed only when it is still there to be replayed.
        const kept = await this.#journal.inPlace().catch(() => false)
        console.error(
          `[plant-store] could not fold the journal into ${this.file} on close: ${describeWriteFailure(error)}. ` +
            (kept
              ? `Nothing is lost: the journal ${this.#journal.file} keeps every change and is replayed at the next start.`
              : `The journal ${this.#journal.file} is gone too: the changes since the last checkpoint are NOT on disk.`)
        )
      })
    }
    await this.#guard.lock.release()
  }

  /**
   * Before the final write of a stop: true when the folder is still this
   * store's (re-created first if it was deleted); false, with the reason
   * printed, when nothing may or can be written any more.
   */
  async #closeWhereSafe(): Promise<boolean> {
    if (this.#guard.refusal) {
      console.error(`[plant-store] stopping without writing: ${this.#guard.refusal}.`)
      return false
    }
    const trouble = await this.#guard.check(this.#journal, true)
    if (!trouble) return true
    try {
      await this.#overcome(trouble)
      return true
    } catch (error) {
      console.error(`[plant-store] stopping without a final save: ${(error as Error).message}. ${FolderGuard.fateOnStop(trouble)}`)
      return false
    }
  }

  #snapshot(journalGen: number): CatalogueSnapshot {
    const idempotencyKeys = this.#keys.live(this.#now())
    return { nextId: this.#db.data.nextId, journalGen, plants: this.#db.data.plants.slice(), idempotencyKeys }
  }

  /** The published catalogue plus the batch being saved (not yet published), as one snapshot. */
  #snapshotWithPending(journalGen: number): CatalogueSnapshot {
    const plants = this.#db.data.plants.slice()
    for (const [id, plant] of this.#pending) {
      const position = this.#index.get(id)
      if (position !== undefined) plants[position] = plant
      else plants.push(plant) // new ids were prepared in increasing order, above every published one
    }
    return { nextId: this.#db.data.nextId, journalGen, plants, idempotencyKeys: this.#keys.withPending(this.#now()) }
  }

  #announce(change: PlantChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change)
      } catch (error) {
        console.error('[plant-store] a change listener failed:', error)
      }
    }
  }

  /** The one write path: makes a batch of changed plants (and their adds' keys) durable, then publishes them. */
  async #save(changes: StagedChange[]): Promise<void> {
    if (this.#guard.refusal) throw new WriteRefusedError(this.#guard.refusal)
    try {
      if (this.#journal.broken) {
        // The last append failed part-way: continue in a fresh file that tells replay where the old one ends.
        const next = await Journal.create(this.dir, this.#journal.gen + 1, this.#fs, this.#journal.bytes)
        await this.#journal.close()
        this.#journal = next
      }
      const plants = changes.flatMap((change) => (change.plant ? [change.plant] : []))
      const keys = changes.flatMap((change) => (change.key ? [change.key] : []))
      await this.#journal.append({ nextId: this.#db.data.nextId, plants, ...(keys.length > 0 ? { keys } : {}) })
    } catch (error) {
      // A write that failed because the folder went away is dealt with like any vanished folder.
      const trouble = await this.#guard.check(this.#journal).catch(() => undefined)
      if (!trouble || trouble.kind === 'unreachable') throw error
      await this.#overcome(trouble, true)
      this.#publishAndTidy()
      return
    }
    // Acknowledge only what reached the catalogue on disk: an append to a journal whose name is gone reached nothing.
    const trouble = await this.#guard.check(this.#journal)
    if (trouble) {
      await this.#journal.revokeLast()
      await this.#overcome(trouble, true)
    }
    this.#publishAndTidy()
  }

  #publishAndTidy(): void {
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
    if (this.#closing) return
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
        if (this.#guard.refusal) return
        const trouble = await this.#guard.check(this.#journal, true)
        if (trouble) {
          await this.#overcome(trouble) // writes the whole catalogue: that is the checkpoint
          return
        }
        // An empty journal is reused: a checkpoint that keeps failing (a full disk) must not leave a new file each time.
        if (this.#journal.bytes > 0 || this.#journal.broken) {
          const next = await Journal.create(this.dir, this.#journal.gen + 1, this.#fs)
          await this.#journal.close()
          this.#journal = next
        }
        snapshot = this.#snapshot(this.#journal.gen)
      })
      if (snapshot) await this.#writeSnapshot(snapshot)
    } catch (error) {
      if (this.#closing || this.#guard.refusal) return // close() writes the final snapshot itself; a refused store writes nothing
      console.error(`[plant-store] checkpoint of ${this.file} failed; the journal keeps every change and it is tried again later:`, error)
      this.#armIdleCheckpoint()
    }
  }

  /** Deals with a folder found not to be this store's any more (see FolderGuard#overcome). */
  #overcome(trouble: FolderTrouble, withPending = false): Promise<void> {
    return this.#guard.overcome(trouble, async () => {
      // Everything anew, beside a new journal: the batch being saved too, when there is one.
      const next = await Journal.create(this.dir, this.#journal.gen + 1, this.#fs)
      await this.#journal.close()
      this.#journal = next
      const snapshot = withPending ? this.#snapshotWithPending(next.gen) : this.#snapshot(next.gen)
      await this.#writeSnapshot(snapshot)
      return snapshot.plants.length
    })
  }

  /** The once-a-second round of an idle store: a folder found deleted is written anew at once, a lost lock stops writes. */
  #makeSureOfFolder(): void {
    if (this.#patrolling || this.#closing || this.#guard.refusal) return
    this.#patrolling = (async () => {
      if (!(await this.#guard.check(this.#journal, true))) return
      await this.#commits.exclusive(async () => {
        // A save may have dealt with it in the meantime.
        const trouble = await this.#guard.check(this.#journal, true)
        if (trouble) await this.#overcome(trouble)
      })
    })()
      .then(
        () => this.#guard.report(undefined),
        (error: unknown) => this.#guard.report(error)
      )
      .finally(() => (this.#patrolling = undefined))
  }

  /**
   * Writes `snapshot` as plants.json, then deletes the journals it contains.
   * Serialised in slices (not lowdb's `write()`, which would stringify the
   * whole catalogue in one blocking call).
   */
  async #writeSnapshot(snapshot: CatalogueSnapshot): Promise<void> {
    const text = await serializeSnapshot(snapshot)
    await this.#snapshotFile.writeText(text)
    this.#snapshotBytes = text.length
    for (const journal of await listJournals(this.dir)) {
      if (journal.gen < snapshot.journalGen) await unlink(journal.file).catch(() => undefined)
    }
  }
}
