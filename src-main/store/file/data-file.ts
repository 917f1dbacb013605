/**
 * The shape of `plants.json` and the check that a file read from disk really is
 * one. A file that fails the check is never loaded, repaired or overwritten.
 */
import { isPlantStatus } from '#shared/plant'
import { PLANT_LIMITS } from '#shared/plant-schema'
import type { StockMovement } from '#shared/stock'
import type { ImportSummary } from '#shared/import-export'
import { PRICE_CENTS_MAX, type StoredPlant as Plant } from '#store/catalogue/stored-plant'
import { AppError } from '#shared/app-error'

/**
 * Version of the file layout this build writes (2: plants carry `version`, migrate.ts adds it to older files;
 * 3: a plant may carry priceCents, and a deleted one stays as a tombstone with deletedAt, which an older build
 * would show as a live plant, so it must refuse the file; 4: an idempotency record may be an import's, with its
 * answer and no plant, which an older build would call damaged rather than newer).
 */
export const DATA_FILE_VERSION = 4

/**
 * The highest plant id Plant Store hands out: 2^31 − 1, a signed 32-bit
 * integer, so an id survives every spreadsheet, database column and language
 * a shop's scripts may use, with room to spare below JavaScript's 2^53. A file
 * that mentions a higher id or nextId is refused; the add that would pass it
 * is refused with words, never saved and lost.
 */
export const PLANT_ID_MAX = 2 ** 31 - 1

/** True when `value` is a usable nextId: a whole number from 1 to PLANT_ID_MAX + 1 (every id used). */
export function isValidNextId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= PLANT_ID_MAX + 1
}

/** Contents of `plants.json`. */
export interface PlantFile {
  version: number
  nextId: number
  /**
   * First journal generation that holds changes made after this snapshot
   * (see journal.ts); absent in a file that was never followed by a journal.
   */
  journalGen?: number
  plants: Plant[]
  /** Idempotency keys of recent adds (absent when there are none); see idempotency-keys.ts. */
  idempotencyKeys?: IdempotencyRecord[]
  /** The seq the change log's next entry gets (history-log.ts); absent before the first change. */
  nextSeq?: number
}

/** Who sent an idempotency key, and the key: two clients' keys never meet. */
export interface IdempotencyScope {
  /** The caller's name (e.g. the token's), so that two scripts that pick the same key are told apart. */
  by: string
  key: string
}

/** One remembered add, stock movement or import (idempotency-keys.ts). */
export interface IdempotencyRecord extends IdempotencyScope {
  /** Digest of the call's input, to tell a true retry from a different call reusing the key. */
  fingerprint: string
  /** When the call was saved (ISO 8601). */
  at: string
  /**
   * The plant as the add created it (of a stock movement: the first plant it moved): the answer a retry gets again.
   * Absent for an import (which may add no plant): its answer is `import`.
   */
  plant?: Plant
  /** Present for a stock movement: what it answered (the plants moved, the movements, the counts that changed nothing). */
  stock?: RememberedStock
  /** Present for an import: the summary it answered (bounded: its lists hold the first rows only). */
  import?: ImportSummary
}

/** The answer of a stock movement, kept with its idempotency key. */
export interface RememberedStock {
  plants: Plant[]
  movements: StockMovement[]
  unchanged: number
}

/** A data file that cannot be used; `problem` says what is wrong in plain words. */
export class DataFileError extends AppError {
  /** The newest backup in the data directory, when there is one (filled in by the store). */
  latestBackup: string | undefined

  constructor(
    readonly file: string,
    readonly problem: string
  ) {
    super(`${file}: ${problem}`)
    this.name = 'DataFileError'
  }
}

/** The contents of a new, empty catalogue in layout `version`. */
export function emptyPlantFile(version = DATA_FILE_VERSION): PlantFile {
  return { version, nextId: 1, plants: [] }
}

/** Parses file text, naming what is wrong when it is not JSON at all. */
export function parseDataFileText(file: string, text: string): unknown {
  if (text.length === 0) throw new DataFileError(file, 'the file is empty (0 bytes)')
  if (/^\0+$/.test(text)) throw new DataFileError(file, 'the file holds only NUL bytes (typical after a power cut)')
  try {
    return JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DataFileError(file, `the file is not valid JSON (${reason}); it may be truncated or damaged`)
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/** What is wrong with one stored plant record (shape only), or undefined when it is valid. */
export function plantRecordProblem(plant: unknown, where: string): string | undefined {
  if (typeof plant !== 'object' || plant === null || Array.isArray(plant)) return `${where} is not an object`
  const p = plant as Record<string, unknown>
  if (!Number.isSafeInteger(p.id) || (p.id as number) < 1) return `${where}.id is not a positive whole number`
  if ((p.id as number) > PLANT_ID_MAX) return `${where}.id ${p.id as number} is above the highest plant id, ${PLANT_ID_MAX}`
  if (p.name !== undefined && !isText(p.name)) return `${where}.name is not text`
  if (p.category !== undefined && !isText(p.category)) return `${where}.category is not text`
  if (!Array.isArray(p.tags) || !p.tags.every(isText)) return `${where}.tags is not a list of text`
  if (!isPlantStatus(p.status)) return `${where}.status "${String(p.status)}" is not available, pending or sold`
  if (p.priceCents !== undefined && !isPriceCents(p.priceCents)) return `${where}.priceCents is not a whole number from 0 to ${PRICE_CENTS_MAX}`
  // Only the quantity may be below zero: sales made offline at a till are never refused for stock.
  if (p.quantity !== undefined && !isPotCount(p.quantity, -Number.MAX_SAFE_INTEGER))
    return `${where}.quantity is not a whole number up to ${PLANT_LIMITS.quantityMax}`
  if (p.reorderAt !== undefined && !isPotCount(p.reorderAt)) return `${where}.reorderAt is not a whole number from 0 to ${PLANT_LIMITS.quantityMax}`
  if (p.belowZero !== undefined && !isBelowZeroFlag(p.belowZero)) return `${where}.belowZero is not {till, receipt, soldAt}`
  if (p.deletedAt !== undefined && typeof p.deletedAt !== 'string') return `${where}.deletedAt is not text`
  if (typeof p.createdAt !== 'string' || typeof p.updatedAt !== 'string') return `${where} lacks createdAt/updatedAt`
  // Optional here: a journal line written before plants had versions lacks it (replay supplies one).
  if (p.version !== undefined && !isPositiveWhole(p.version)) return `${where}.version is not a positive whole number`
  return undefined
}

function isPriceCents(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= PRICE_CENTS_MAX
}

function isPotCount(value: unknown, min = 0): boolean {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= PLANT_LIMITS.quantityMax
}

function isBelowZeroFlag(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const flag = value as Record<string, unknown>
  return isText(flag.till) && isPositiveWhole(flag.receipt) && isText(flag.soldAt)
}

function isPositiveWhole(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 1
}

/** What is wrong with a stored list of idempotency records (shape only), or undefined when it is valid. */
export function idempotencyRecordsProblem(value: unknown, where: string): string | undefined {
  if (!Array.isArray(value)) return `${where} is not a list`
  for (const [index, record] of value.entries()) {
    const at = `${where}[${index}]`
    if (typeof record !== 'object' || record === null) return `${at} is not an object`
    const r = record as Record<string, unknown>
    for (const field of ['by', 'key', 'fingerprint', 'at'] as const) {
      if (!isText(r[field])) return `${at}.${field} is not text`
    }
    const problem =
      r.import !== undefined
        ? rememberedImportProblem(r.import, `${at}.import`)
        : (plantRecordProblem(r.plant, `${at}.plant`) ?? (r.stock === undefined ? undefined : rememberedStockProblem(r.stock, `${at}.stock`)))
    if (problem) return problem
  }
  return undefined
}

/** An import's remembered answer: its counts and lists (only the shape a replay needs; it is handed back as it was). */
function rememberedImportProblem(value: unknown, where: string): string | undefined {
  if (typeof value !== 'object' || value === null) return `${where} is not an object`
  const summary = value as Record<string, unknown>
  const counts = ['added', 'updated', 'unchanged'].every((field) => Number.isSafeInteger(summary[field]) && (summary[field] as number) >= 0)
  const lists = ['warnings', 'errors', 'changes'].every((field) => Array.isArray(summary[field]))
  return counts && lists && summary.applied === true ? undefined : `${where} lacks its counts, lists or applied mark`
}

function rememberedStockProblem(value: unknown, where: string): string | undefined {
  if (typeof value !== 'object' || value === null) return `${where} is not an object`
  const stock = value as Record<string, unknown>
  if (!Array.isArray(stock.plants) || !Array.isArray(stock.movements) || !Number.isSafeInteger(stock.unchanged))
    return `${where} lacks its plants, movements or unchanged count`
  for (const [index, plant] of stock.plants.entries()) {
    const problem = plantRecordProblem(plant, `${where}.plants[${index}]`)
    if (problem) return problem
  }
  return undefined
}

function recordProblem(plant: unknown, where: string, previousId: number, nextId: number): string | undefined {
  const problem = plantRecordProblem(plant, where)
  if (problem) return problem
  if ((plant as Partial<Plant>).version === undefined) return `${where} lacks its version`
  const id = (plant as Plant).id
  if (id <= previousId) return `${where}.id ${id} is out of order or repeated`
  if (id >= nextId) return `${where}.id ${id} is not below nextId ${nextId}`
  return undefined
}

/** Checks that `value` (parsed file content, migrated to `version`) is a valid PlantFile. */
export function checkPlantFile(file: string, value: unknown, version = DATA_FILE_VERSION): PlantFile {
  const data = checkCatalogueHead(file, value, version)
  const plants = data.plants
  let previousId = 0
  for (let index = 0; index < plants.length; index++) {
    const plant = plants[index]!
    // Checked first without naming the record, then again to say which one: 100k plants start without 100k names.
    if (recordProblem(plant, '', previousId, data.nextId) !== undefined) {
      throw new DataFileError(file, recordProblem(plant, `plants[${index}]`, previousId, data.nextId)!)
    }
    previousId = plant.id
  }
  const keysProblem = data.idempotencyKeys === undefined ? undefined : idempotencyRecordsProblem(data.idempotencyKeys, 'idempotencyKeys')
  if (keysProblem) throw new DataFileError(file, keysProblem)
  return data
}

/** Checks everything of a catalogue but its plant records: the object, version, nextId, journalGen, a plants list. */
export function checkCatalogueHead(file: string, value: unknown, version = DATA_FILE_VERSION): PlantFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value
    throw new DataFileError(file, `the file holds ${what}, not a plant catalogue object`)
  }
  const data = value as Record<string, unknown>
  if (data.version !== version) {
    throw new DataFileError(file, `version is ${JSON.stringify(data.version)}, expected ${version}`)
  }
  if (!Number.isSafeInteger(data.nextId) || (data.nextId as number) < 1) {
    throw new DataFileError(file, 'nextId is not a positive whole number')
  }
  if (!isValidNextId(data.nextId)) {
    throw new DataFileError(file, `nextId ${data.nextId as number} is above ${PLANT_ID_MAX + 1}: plant ids go up to ${PLANT_ID_MAX}`)
  }
  if (data.journalGen !== undefined && (!Number.isSafeInteger(data.journalGen) || (data.journalGen as number) < 1)) {
    throw new DataFileError(file, 'journalGen is not a positive whole number')
  }
  if (!Array.isArray(data.plants)) throw new DataFileError(file, 'plants is not a list')
  if (data.nextSeq !== undefined && (!Number.isSafeInteger(data.nextSeq) || (data.nextSeq as number) < 1)) {
    throw new DataFileError(file, 'nextSeq is not a positive whole number')
  }
  return value as unknown as PlantFile
}
