/**
 * The plant catalogue: the only code that changes plants. Every change is
 * made durable (a fsynced journal line) before it is published to readers
 * (published-catalogue.ts) and acknowledged. Opening is open-catalogue.ts;
 * checkpoints.ts folds the journal back into `plants.json` with lowdb's
 * write(); folder-keeping.ts makes sure the folder written to is still ours.
 * A batch is one unit of work (unit-of-work.ts): one journal line, then published
 * to the catalogue and to each record stream of streams/record-streams.ts (the
 * change log, the sales ledger), which the store never names on its write path.
 */
import path from 'node:path'
import type { Low } from 'lowdb'
import type { NewPlant, Plant, PlantChanges } from '#shared/plant'
import { ChangeListeners } from '#store/catalogue/change-listeners'
import type { PlantFile } from '#store/file/data-file'
import { GroupCommit } from '#store/journal/group-commit'
import type { Actor, HistoryEntry } from '#store/history/history-entry'
import type { HistoryLog } from '#store/history/history-log'
import { IdempotencyKeys, fingerprintOf, keyReusedError, type IdempotencyScope } from '#store/catalogue/idempotency-keys'
import { openCatalogue, readCatalogueOnly, type OpenShopStoreOptions, type OpenedCatalogue, type ReadCatalogue } from '#store/file/open-catalogue'
import { PlantEdits } from '#store/catalogue/plant-edits'
import { changedPlantRecord, checkIdsLeft, newPlantRecord } from '#store/catalogue/plant-records'
import type { AddOutcome, ImportOnce, PlantBatch, PlantChange, PlantFilter } from '#store/catalogue/plant-store-types'
import type { ImportSummary } from '#shared/import-export'
import { checkVersion, type WriteCondition } from '#store/catalogue/preconditions'
import { PublishedCatalogue } from '#store/catalogue/published-catalogue'
import { DATA_FILE_NAME } from '#store/file/read-catalogue'
import { UnitOfWork, type StagedChange } from '#store/catalogue/unit-of-work'
import { toFullPlant, type StoredPlant } from '#store/catalogue/stored-plant'
import { CatalogueChangedError, UnknownPlantError } from '#store/catalogue/unknown-plant-error'
import { StockMovements } from '#store/stock/stock-movements'
import type { SalesLedger } from '#store/sales/sales-ledger'
import type { StreamHost } from '#store/streams/record-stream'
import { openRecordStreams, type NamedStream, type OpenStreams } from '#store/streams/record-streams'
import { SaleBook, type SaleHost } from '#store/sales/sale-book'
import { Refunds } from '#store/sales/refunds'
import { Days } from '#store/sales/days'
import { describeWriteFailure } from '#lib/fs-errors'
import { WriteRefusedError } from '#store/folder/folder-guard'
import { startWriting, type StoreWriting } from '#store/store-writing'

export { DATA_FILE_NAME } from '#store/file/read-catalogue'
export type { OpenShopStoreOptions } from '#store/file/open-catalogue'
export type { AddOutcome, ImportOnce, PlantBatch, PlantChange, PlantFilter } from '#store/catalogue/plant-store-types'

/** Why a store opened read-only refuses a change (a programming fault of its caller: a read command never writes). */
const READ_ONLY = 'this catalogue was opened for reading only (by a command that only reads); nothing was changed'

/** The catalogue behind the API. */
export class ShopStore {
  readonly dir: string
  readonly file: string
  /** The change log: entries saved with their changes, queried by the history routes. */
  readonly history: HistoryLog
  /** lowdb over plants.json; its data is the published catalogue. */
  readonly #db: Low<PlantFile>
  readonly #catalogue: PublishedCatalogue
  readonly #commits: GroupCommit<StagedChange>
  readonly #keys: IdempotencyKeys
  readonly #now: () => Date
  readonly #listeners = new ChangeListeners<PlantChange>()
  /** Undefined when the store was opened read-only ({@link ShopStore.openReadOnly}). */
  readonly #writing: StoreWriting | undefined
  #closing: Promise<void> | undefined
  /** The record streams (record-streams.ts), in their list's order: each unit of work is staged, published or discarded in every one. */
  readonly #streams: readonly NamedStream[]
  #writeFailure: { at: string; why: string } | undefined
  /** Every record stream's open side, by its key in record-streams.ts (`store.streams.ledger` is `store.ledger`). */
  readonly streams: OpenStreams
  /** Delete, restore and bulk changes: `store.edits.delete(id)`, `store.edits.bulkUpdate([...])`, … */
  readonly edits: PlantEdits
  /** Stock movements, one plant or many in one journal line: `store.stock.move({ lines: [...] })`. */
  readonly stock: StockMovements
  /** Every sale, refund and closed day, numbered gap-free; read by the sale routes. */
  readonly ledger: SalesLedger
  /** Sales, each one journal line with its stock movements: `store.sales.complete({ sale, settings })`. */
  readonly sales: SaleBook
  /** Refunds of sales, each one journal line with its restocking: `store.refunds.make({ receipt, refund })`. */
  readonly refunds: Refunds
  /** The till's days: the X report, the close (Z report): `store.days.close({ counted })`. */
  readonly days: Days

  private constructor(opened: OpenedCatalogue | ReadCatalogue, options: OpenShopStoreOptions) {
    const { db } = opened
    this.dir = options.dir
    this.file = path.join(options.dir, DATA_FILE_NAME)
    this.#db = db
    this.#now = options.now ?? (() => new Date())
    const host: StreamHost = {
      submit: (apply) => this.#commits.submit(apply),
      live: (id) => this.#catalogue.live(id),
      now: this.#now,
      stock: () => this.stock
    }
    const streams = openRecordStreams({ dir: options.dir, data: db.data, history: opened.history, records: opened.records }, host)
    this.streams = streams.live
    this.#streams = streams.streams
    this.history = streams.live.history
    this.ledger = streams.live.ledger
    // The keys live in #keys (saved and pending apart); db.data gets a copy of the live ones at each write.
    this.#keys = new IdempotencyKeys(db.data.idempotencyKeys, options.idempotencyTtlMs)
    delete db.data.idempotencyKeys
    this.#catalogue = new PublishedCatalogue(db, this.#keys)
    this.#commits = new GroupCommit<StagedChange>({
      save: (changes) => this.#save(changes),
      discard: () => {
        this.#catalogue.discard()
        for (const { stream } of this.#streams) stream.discard()
      },
      batchWindowMs: options.batchWindowMs
    })
    const writingHost = { dir: this.dir, file: this.file, catalogue: this.#catalogue, streams: this.#streams, now: this.#now, commits: this.#commits }
    this.#writing = 'guard' in opened ? startWriting(opened, options, writingHost) : undefined
    this.edits = new PlantEdits({
      submit: (apply) => this.#commits.submit(apply),
      latest: (id) => this.#catalogue.latest(id),
      record: (id) => this.#catalogue.record(id),
      stage: (record) => this.#catalogue.stage(record),
      now: this.#now,
      entryOf: (...change) => this.history.entryOf(...change),
      announce: (change) => this.#listeners.announce(change)
    })
    this.stock = new StockMovements({
      submit: (apply) => this.#commits.submit(apply),
      live: (id) => this.#catalogue.live(id),
      stage: (record) => this.#catalogue.stage(record),
      now: this.#now,
      entryOf: (by, at, before, after, cause) => this.history.entryOf('plant.updated', by, at, before, after, cause),
      findKey: (scope, now) => this.#keys.find(scope, now),
      stageKey: (record) => void this.#keys.stage(record),
      announce: (change) => this.#listeners.announce(change)
    })
    const saleHost: SaleHost = { ...host, stock: this.stock, ledger: this.ledger }
    this.sales = new SaleBook(saleHost)
    this.refunds = new Refunds(saleHost)
    this.days = new Days(saleHost)
  }

  /** The store's writing side; a store opened read-only refuses every change (503, WriteRefusedError), writing nothing. */
  #writable(): StoreWriting {
    if (!this.#writing) throw new WriteRefusedError(READ_ONLY)
    return this.#writing
  }

  /**
   * Opens the catalogue in `dir` for reading only: no lock, nothing written or created in the folder (see
   * readCatalogueOnly); the journals' lines not yet in plants.json are read into memory. Every change is refused.
   * For commands that only read while no server runs: they work on a full disk and beside a holder of the folder.
   */
  static async openReadOnly(options: Pick<OpenShopStoreOptions, 'dir' | 'fs' | 'now'>): Promise<ShopStore> {
    return new ShopStore(await readCatalogueOnly(options), options)
  }

  /**
   * Opens the catalogue in `dir`, creating an empty one on first use. Takes the
   * directory's lock first (DataDirLockedError when another process has it).
   * Throws DataFileError for a file it cannot trust, naming the latest backup;
   * such a file is never overwritten or repaired.
   */
  static async open(options: OpenShopStoreOptions): Promise<ShopStore> {
    const opened = await openCatalogue(options)
    try {
      return new ShopStore(opened, options)
    } catch (error) {
      await opened.journal.close()
      await opened.guard.lock.release()
      throw error
    }
  }

  /** Changes whenever the published plants change; equal versions mean equal contents. */
  get version(): number {
    return this.#catalogue.version
  }

  /** Number of plants in the catalogue. */
  get size(): number {
    return this.#catalogue.size
  }

  /** The plant with `id`, or undefined. */
  get(id: number): Plant | undefined {
    return this.#catalogue.get(id)
  }

  /** Plants matching `filter`, ordered by id ascending. Read-only: it may be the store's own list. */
  find(filter: PlantFilter = {}): readonly Plant[] {
    return this.#catalogue.find(filter)
  }

  /** Calls `listener` after each saved change; returns a function that stops it. */
  onChange(listener: (change: PlantChange) => void): () => void {
    return this.#listeners.add(listener)
  }

  /** Adds a plant as `actor` and resolves with it once it is on disk. */
  async add(input: NewPlant, actor: Actor): Promise<Plant> {
    return (await this.#add(input, actor)).plant
  }

  /**
   * Adds a plant unless `scope`'s key was used before: then resolves with the
   * plant that first add created (replayed), or throws IdempotencyKeyReusedError
   * when that add had other input. Checked in the serialised step, so two
   * concurrent adds with one key add one plant; the key is saved in the same
   * journal line as the plant.
   */
  addOnce(input: NewPlant, scope: IdempotencyScope, actor: Actor): Promise<AddOutcome> {
    return this.#add(input, actor, scope)
  }

  async #add(input: NewPlant, by: Actor, scope?: IdempotencyScope): Promise<AddOutcome> {
    const made = { seq: 0 } // its seq once prepared
    const outcome = await this.#commits.submit<AddOutcome>(() => {
      const now = this.#now()
      const fingerprint = scope && fingerprintOf(input)
      const known = scope && this.#keys.find(scope, now)
      if (known) {
        if (known.record.fingerprint !== fingerprint) throw keyReusedError(known.record)
        const replayed = { plant: known.record.plant!, replayed: true } // an add's own print: its record has the plant
        // A key staged by this very batch exists only if the batch is saved: tie the answer to that write.
        return known.pending ? { result: replayed, change: {} } : { result: replayed }
      }
      const at = now.toISOString()
      const staged = this.#prepareAdd(input, at, by)
      const key = scope && fingerprint ? this.#keys.stage({ ...scope, fingerprint, at, plant: staged.plant }) : undefined
      made.seq = staged.history.seq
      return { result: { plant: staged.plant, replayed: false }, change: key ? { ...staged, key } : staged }
    })
    if (!outcome.replayed) this.#listeners.announce({ type: 'plant.added', plant: toFullPlant(outcome.plant), seq: made.seq })
    return { ...outcome, plant: toFullPlant(outcome.plant) }
  }

  #prepareAdd(input: NewPlant, at: string, by: Actor): { plant: StoredPlant; history: HistoryEntry } {
    checkIdsLeft(this.#db.data.nextId, 1)
    const added = newPlantRecord(this.#db.data.nextId++, input, at) // nextId kept even if the write fails: ids are never reused
    this.#catalogue.stage(added)
    return { plant: added, history: this.history.entryOf('plant.added', by, at, undefined, added) }
  }

  /**
   * Adds and updates plants in one durable write (one journal line, one fsync: all or none after a crash);
   * UnknownPlantError (CatalogueChangedError: not at `batch.basedOn`), changing nothing. Announced once as `import.applied`.
   * With `once` (an import's Idempotency-Key), the key and the import's answer are saved in the same journal line; a key already saved answers `replayed` (its first answer) and changes nothing (see replayOfImport).
   */
  async applyBatch(batch: PlantBatch, by: Actor, once?: ImportOnce): Promise<{ added: Plant[]; updated: Plant[]; replayed?: ImportSummary }> {
    const made = { seq: 0 } // its seq once prepared
    const saved = await this.#commits.submit<{ added: Plant[]; updated: Plant[]; replayed?: ImportSummary }>(() => {
      const known = once && this.#knownImport(once)
      // A key staged by this very batch exists only if the batch is saved: tie the answer to that write.
      if (known) return known.pending ? { result: known.replayed, change: {} } : { result: known.replayed }
      if (batch.basedOn !== undefined && (batch.basedOn !== this.version || this.#catalogue.staging)) throw new CatalogueChangedError()
      const missing = batch.updates.find((changes) => !this.#catalogue.live(changes.id))
      if (missing) throw new UnknownPlantError(missing.id)
      checkIdsLeft(this.#db.data.nextId, batch.adds.length) // before anything is staged
      const at = this.#now().toISOString()
      const changes: StagedChange[] = batch.adds.map((input) => this.#prepareAdd(input, at, by))
      const added = changes.map((change) => change.plant!)
      const updated = batch.updates.map(({ id, ...fields }) => {
        const before = this.#catalogue.live(id)!
        const after = changedPlantRecord(before, fields, at)
        this.#catalogue.stage(after)
        changes.push({ plant: after, history: this.history.entryOf('plant.updated', by, at, before, after, { reason: 'imported' }) })
        return after
      })
      // A batch is an import: its entries keep who imported it (`by`, a token's name) and say how the change came.
      for (const change of changes) if (change.history) change.history.via = 'import'
      made.seq = changes.at(-1)?.history?.seq ?? 0
      if (once) changes.push({ key: this.#keys.stage({ ...once.scope, fingerprint: once.fingerprint, at, import: once.answer }) })
      return { result: { added: added.map(toFullPlant), updated: updated.map(toFullPlant) }, changes }
    })
    if (saved.added.length + saved.updated.length > 0)
      this.#listeners.announce({ type: 'import.applied', added: saved.added.length, updated: saved.updated.length, seq: made.seq })
    return saved
  }

  /**
   * The first answer of the import `once` names, when its key was saved (or staged) before; IdempotencyKeyReusedError
   * when that key was used for another call (another file, other choices, or not an import); undefined for a new key.
   */
  replayOfImport(once: Omit<ImportOnce, 'answer'>): ImportSummary | undefined {
    return this.#knownImport(once)?.replayed.replayed
  }

  #knownImport(once: Omit<ImportOnce, 'answer'>): { replayed: { added: []; updated: []; replayed: ImportSummary }; pending: boolean } | undefined {
    const known = this.#keys.find(once.scope, this.#now())
    if (!known) return undefined
    if (known.record.fingerprint !== once.fingerprint || !known.record.import) throw keyReusedError(known.record)
    return { replayed: { added: [], updated: [], replayed: known.record.import }, pending: known.pending }
  }

  /**
   * Applies `changes` to the plant they name; resolves with the plant once on
   * disk, or undefined when no such plant exists. Throws VersionConflictError
   * (nothing changed) when `condition` names versions the plant is not at.
   */
  async update(changes: PlantChanges, by: Actor, condition?: WriteCondition): Promise<Plant | undefined> {
    const made = { seq: 0 } // its seq once prepared
    const plant = await this.#commits.submit<StoredPlant | undefined>(() => {
      const pending = this.#catalogue.pending(changes.id)
      const before = this.#catalogue.live(changes.id)
      if (!before) return { result: undefined }
      checkVersion(before, condition)
      const { id: _id, ...fields } = changes
      // A plant prepared in this very batch exists only if the batch is saved: tie the answer to that write.
      if (Object.keys(fields).length === 0) return pending ? { result: pending, change: {} } : { result: before }
      const at = this.#now().toISOString()
      const after = changedPlantRecord(before, fields, at)
      this.#catalogue.stage(after)
      const history = this.history.entryOf('plant.updated', by, at, before, after)
      made.seq = history.seq
      return { result: after, change: { plant: after, history } }
    })
    if (plant && made.seq > 0) this.#listeners.announce({ type: 'plant.updated', plant: toFullPlant(plant), seq: made.seq })
    return plant && toFullPlant(plant)
  }

  /** Folds the journal into plants.json now (normally done in the background). */
  checkpoint(): Promise<void> {
    return this.#writable().checkpoints.run()
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
    const writing = this.#writing
    if (!writing) return void (await this.#commits.close()) // read-only: nothing to fold, no lock to let go of
    // At once: no checkpoint and no patrol round starts after close() was called.
    const ended = Promise.all([writing.checkpoints.stop(), writing.folder.stop()])
    await this.#commits.close()
    await ended
    await writing.backups.settled()
    if (await writing.folder.readyToFinish()) await writing.checkpoints.final()
    else await writing.journal.close()
    await writing.release()
  }

  /**
   * The one write path: makes a batch's unit of work (its plants, their keys, change log entries and records) durable
   * as one journal line, then publishes it to the catalogue and every record stream.
   */
  async #save(changes: StagedChange[]): Promise<void> {
    const { folder, journal } = this.#writable()
    folder.assertWritable()
    try {
      const work = new UnitOfWork(this.#db.data.nextId, changes)
      for (const { stream } of this.#streams) stream.stage(work)
      await journal.append(work.line)
    } catch (error) {
      try {
        await folder.afterFailedAppend(error) // rethrows unless the folder went away and the batch was written anew
      } catch (failed) {
        this.#writeFailure ??= { at: new Date().toISOString(), why: describeWriteFailure(error) }
        throw failed
      }
      this.#writeFailure = undefined
      return this.#publishAndTidy()
    }
    // Acknowledge only what reached the catalogue on disk.
    await folder.confirmAppend()
    this.#writeFailure = undefined
    this.#publishAndTidy()
  }

  /**
   * Since when, and why, writes fail: set by a write that did not reach the disk (a full disk, a drive gone read-only),
   * cleared by the next that does. /v3/health says so, so the till is not reported well while no sale can be saved.
   */
  get writeFailure(): { at: string; why: string } | undefined {
    return this.#writeFailure
  }

  #publishAndTidy(): void {
    const { journal, backups, checkpoints } = this.#writable()
    for (const { stream } of this.#streams) stream.publish(journal.gen)
    this.#catalogue.publish()
    try {
      backups.afterSave(this.#now(), () => this.#catalogue.snapshot(journal.gen, this.#now()))
      checkpoints.afterSave()
    } catch (error) {
      // The change is on disk and must be answered as saved; housekeeping can wait for the next write.
      console.error('[plant-store] after-save housekeeping failed:', error)
    }
  }
}
