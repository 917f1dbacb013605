/**
 * lowdb's adapter of `plants.json`: `Low.read()` loads the file through it
 * (parsed, migrated to the store's layout and checked), and `Low.write()`
 * saves `db.data` through it, serialised a slice at a time and replaced
 * durably (temp file, fsync, rename, directory fsync; see json-file.ts).
 */
import type { Adapter } from 'lowdb'
import type { PlantFile } from './data-file'
import { DurableJsonFile, nodeFileSystem, type FileSystem } from '#lib/durable-file'
import { loadPlantFile } from './load-plant-file'
import { CURRENT_LAYOUT, type FileLayout } from './migrate'
import { serializeSnapshotParts, type CatalogueSnapshot } from './snapshot'

/**
 * What is saved of `data`, taken at once: records are immutable (an update
 * replaces the object), so a shallow copy of the list stays consistent while
 * the store goes on publishing into `data` during the sliced serialisation.
 */
function snapshotOf(file: string, data: PlantFile): CatalogueSnapshot {
  if (data.journalGen === undefined) throw new Error(`${file} is written only with journalGen set (which journals follow it)`)
  return {
    version: data.version,
    nextId: data.nextId,
    journalGen: data.journalGen,
    plants: data.plants.slice(),
    idempotencyKeys: data.idempotencyKeys?.slice(),
    nextSeq: data.nextSeq
  }
}

/** The adapter of one `plants.json`. */
export class CatalogueFile implements Adapter<PlantFile> {
  readonly file: string
  /** The version the file had when read: below the layout's when it was migrated in memory; undefined when there was no file. */
  fromVersion: number | undefined
  readonly #durable: DurableJsonFile<PlantFile>

  constructor(file: string, fs: FileSystem = nodeFileSystem, layout: FileLayout = CURRENT_LAYOUT) {
    this.file = file
    this.#durable = new DurableJsonFile<PlantFile>(file, {
      fs,
      parse: (text) => {
        const loaded = loadPlantFile(file, text, layout)
        this.fromVersion = loaded.fromVersion
        return loaded.data
      },
      serialize: (data) => serializeSnapshotParts(snapshotOf(file, data))
    })
  }

  /** Length of the text last read or written, which sets how large a journal may grow before a checkpoint. */
  get size(): number {
    return this.#durable.size
  }

  /** The checked catalogue, or null when there is no file yet; throws DataFileError for one it cannot trust. */
  read(): Promise<PlantFile | null> {
    return this.#durable.read()
  }

  /** Saves `data` as it is at the call; later changes to `data` are not part of this write. */
  write(data: PlantFile): Promise<void> {
    return this.#durable.write(data)
  }
}
