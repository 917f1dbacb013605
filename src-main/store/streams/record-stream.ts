/**
 * A record stream: records the store keeps beside the catalogue (the change log's entries, the sales ledger's sales,
 * refunds and days), each saved in the journal line of the changes it belongs to (one unit of work, one fsync) and
 * kept in the stream's own files once a checkpoint folds that journal away. Every stream meets the store at the same
 * points, so the store, its snapshots, backups, the backup check and restore go through the list of streams
 * (record-streams.ts) and never name one: the open side ({@link RecordStream}) follows the one write path, and the
 * file side ({@link RecordStreamKind}) opens it and takes part in backups and restores.
 */
import type { StagedChange, UnitOfWork } from '#store/catalogue/unit-of-work'
import type { StoredPlant } from '#store/catalogue/stored-plant'
import type { PlantFile } from '#store/file/data-file'
import type { ReplayedRecords } from '#store/file/read-catalogue'
import type { ReplayedHistory } from '#store/history/history-log'
import type { StockMovements } from '#store/stock/stock-movements'

/** What a stream is opened or backed up from: the data folder, plants.json's data with the journals replayed, and what those journals held. */
export interface StreamSource {
  dir: string
  /** The catalogue's data (its head holds what a stream keeps there, such as the change log's `nextSeq`). */
  data: PlantFile
  /** The change log entries of the replayed journals, by generation. */
  history: readonly ReplayedHistory[]
  /** The callers' records of the replayed journals, by generation (each stream takes the kinds it knows). */
  records: readonly ReplayedRecords[]
}

/**
 * What the open store lends a stream, so that the stream's own operations (a purchase order received, say) are steps
 * of the one group commit: what a step stages (the stream's records, stock movements) is one unit of work.
 */
export interface StreamHost {
  /** Runs `apply` in the store's serialised step and resolves once what it staged is on disk. */
  submit<R>(apply: () => { result: R; change?: StagedChange; changes?: StagedChange[] }): Promise<R>
  /** The record of `id` as the step sees it; undefined when there is none or it is deleted. */
  live(id: number): StoredPlant | undefined
  now(): Date
  /** The store's stock movements (`stageLines` inside a step); made after the streams, so read it when a step runs. */
  stock(): StockMovements
}

/** The head fields a stream may keep in plants.json and in a backup (beside the catalogue's own). */
export type StreamHead = Pick<PlantFile, 'nextSeq'>

/** A stream's part of a backup. */
export interface BackupPart {
  /** Its fields in the backup's head (the change log's `nextSeq`). */
  head?: StreamHead
  /** Its records, written after the plants as the list named by the stream's key in record-streams.ts (the ledger's `ledger`). */
  list?: readonly unknown[]
}

/** An open stream, kept in step with the store's one write path (shop-store.ts). */
export interface RecordStream {
  /**
   * The unit of work about to be written: the stream takes what it holds for it (the change log its entries). A stream
   * that stages its records inside the serialised step itself (the ledger, whose numbers must see the batch) has them.
   */
  stage(work: UnitOfWork): void
  /** The unit of work is durable in journal generation `gen`: what the stream staged is saved. */
  publish(gen: number): void
  /** The unit of work was not written: what the stream staged never existed. */
  discard(): void
  /**
   * Before plants.json stops needing the journals below `gen` (a checkpoint, a close, the catalogue written anew):
   * appends their records to the stream's own files, durably (with `withPending`, those of the unit being written too).
   * Idempotent: a record already in the files is not appended again.
   */
  flushBefore(gen: number, withPending: boolean): Promise<void>
  /** Its part of a backup the open store writes; none when the catalogue's own snapshot holds it. */
  backup?(): Promise<BackupPart>
}

/** What a restore gives each stream. */
export interface StreamRestoreSource {
  dataDir: string
  /** The backup file, named when a record of it is refused. */
  source: string
  /** The backup as checked: its head and, under the stream's key, its list (absent in a backup made before the stream existed). */
  backup: PlantFile
  list: readonly unknown[] | undefined
  /** What the journals of the replaced catalogue held (a damaged journal's are left in it, kept aside). */
  replaced: { history: readonly ReplayedHistory[]; records: readonly ReplayedRecords[] }
  /** The highest `"name":N` any file of the replaced catalogue mentions, read even from damaged files. */
  highestOnDisk(name: 'nextSeq' | 'seq'): Promise<number>
}

/** A stream's steps in a restore, taken once every stream has accepted the backup (see restore.ts for their order). */
export interface StreamRestore {
  /** Writes what the stream keeps of the replaced catalogue; resolves with its part of the restored head. */
  keep?(): Promise<StreamHead | undefined>
  /** Once the restored catalogue passed the check a start makes, before it replaces the old one: the stream's files made durable. */
  commit?(): Promise<void>
}

/** A kind of record stream: how it opens, and its part of a backup, of the backup check and of a restore. */
export interface RecordStreamKind<Live> {
  /**
   * Opens the stream of an open store: `live` is what the store offers others (`store.streams.<key>`), `stream` what
   * the write path drives; `host` lets the stream's own operations write.
   */
  open(source: StreamSource, host: StreamHost): { live: Live; stream: RecordStream }
  /** Its part of a backup made from the data files, read without writing anything (safe while a server holds the folder). */
  backupOf?(source: StreamSource): Promise<BackupPart>
  /** The problems that keep a backup's list (under the stream's key) out; none for a sound one. A stream with a list has one. */
  checkList?(list: unknown): string[]
  /** Takes in a backup being restored: refuses it (DataFileError) before anything is written, else says what to write. */
  restore?(source: StreamRestoreSource): Promise<StreamRestore>
}
