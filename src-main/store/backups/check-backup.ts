/**
 * A backup is let in as strictly as the API lets a plant in. A restore writes
 * a whole catalogue at once, past every rule a request meets, so each record
 * goes through the very schema the API validates request bodies with (no
 * unknown fields such as `__proto__` or `constructor`, text and tag rules, tags
 * de-duplicated), plus what only stored records have: a unique id below
 * nextId and within PLANT_ID_MAX, and real timestamps.
 */
import type { Cents } from '#shared/money'
import { validateNewPlant } from '#shared/plant-schema'
import { DataFileError, PLANT_ID_MAX, checkCatalogueHead, idempotencyRecordsProblem, plantRecordProblem, type PlantFile } from '#store/file/data-file'
import { PRICE_CENTS_MAX, type StoredPlant as Plant } from '#store/catalogue/stored-plant'
import { pushAll } from '#shared/arrays'
import { backupListChecks } from '#store/streams/record-streams'
import { isTimestamp } from './check-backup-time'

/** How many problems the refusal names; a badly broken file would otherwise fill the terminal. */
const NAMED_PROBLEMS = 5

/** Fields of a stored record that no request body carries (or, as the quantity below zero, carries otherwise). */
const STORED_ONLY = new Set(['id', 'version', 'createdAt', 'updatedAt', 'priceCents', 'deletedAt', 'price', 'quantity', 'belowZero'])

/** The top-level fields of a catalogue file; a backup has the lists of the record streams too (backupListChecks). */
const CATALOGUE_FIELDS = ['version', 'nextId', 'journalGen', 'plants', 'idempotencyKeys', 'nextSeq']

/** The record as the API would have stored it, or the problems that keep it out. */
function checkRecord(value: unknown, where: string, nextId: number, seen: Set<number>): Plant | string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where} is not an object`]
  const record = value as Record<string, unknown>
  const problems: string[] = []
  const id = record.id
  if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > PLANT_ID_MAX) {
    problems.push(`${where}.id ${JSON.stringify(id)} is not a whole number from 1 to ${PLANT_ID_MAX}`)
  } else if (seen.has(id as number)) {
    problems.push(`${where}.id ${id as number} is used by an earlier plant too`)
  } else if ((id as number) >= nextId) {
    problems.push(`${where}.id ${id as number} is not below nextId ${nextId}`)
  }
  if (typeof id === 'number') seen.add(id)
  for (const field of ['createdAt', 'updatedAt']) {
    if (!isTimestamp(record[field]))
      problems.push(`${where}.${field} ${JSON.stringify(record[field])} is not a time such as 2024-05-01T09:00:00.000Z`)
  }
  if (!Number.isSafeInteger(record.version) || (record.version as number) < 1) {
    problems.push(`${where}.version ${JSON.stringify(record.version)} is not a positive whole number`)
  }
  for (const field of ['status', 'tags']) {
    if (!Object.hasOwn(record, field)) problems.push(`${where}.${field} is missing`)
  }
  pushAll(problems, storedPriceAndTombstoneProblems(record, where))
  const stockProblem = plantRecordProblem(
    { id: 1, tags: [], status: 'available', createdAt: '', updatedAt: '', ...pick(record, STOCK_FIELDS) },
    where
  )
  if (stockProblem) problems.push(stockProblem)
  // Object.fromEntries keeps a "__proto__" key as a plain field, so the schema sees (and refuses) it.
  const body = Object.fromEntries(Object.entries(record).filter(([key]) => !STORED_ONLY.has(key)))
  const checked = validateNewPlant(body)
  if (!checked.ok)
    pushAll(
      problems,
      checked.errors.map((error) => `${where}${error.field ? `.${error.field}` : ''}: ${error.message}`)
    )
  if (problems.length > 0 || !checked.ok) return problems
  const { name, category, tags = [], status = 'available', reorderAt } = checked.value
  const plant = { id } as Plant
  if (name !== undefined) plant.name = name
  if (category !== undefined) plant.category = category
  Object.assign(plant, { tags, status }, pick(record, STOCK_FIELDS))
  if (reorderAt !== undefined) plant.reorderAt = reorderAt
  if (record.priceCents !== undefined) plant.priceCents = record.priceCents as Cents
  Object.assign(plant, { createdAt: record.createdAt as string, updatedAt: record.updatedAt as string, version: record.version as number })
  if (record.deletedAt !== undefined) plant.deletedAt = record.deletedAt as string
  return plant
}

/** The stock of a stored record, checked as the data file checks it: a quantity may be below zero (sales made offline at a till), with its flag. */
const STOCK_FIELDS = ['quantity', 'belowZero'] as const

const pick = (record: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]))

/** A stored price is whole cents (priceCents), never `price`; a tombstone's deletedAt is a real time. */
function storedPriceAndTombstoneProblems(record: Record<string, unknown>, where: string): string[] {
  const problems: string[] = []
  if (Object.hasOwn(record, 'price')) problems.push(`${where}.price: a stored plant keeps its price as priceCents (whole cents), not as price`)
  const cents = record.priceCents
  if (cents !== undefined && (!Number.isSafeInteger(cents) || (cents as number) < 0 || (cents as number) > PRICE_CENTS_MAX))
    problems.push(`${where}.priceCents ${JSON.stringify(cents)} is not a whole number of cents from 0 to ${PRICE_CENTS_MAX}`)
  if (record.deletedAt !== undefined && !isTimestamp(record.deletedAt))
    problems.push(`${where}.deletedAt ${JSON.stringify(record.deletedAt)} is not a time such as 2024-05-01T09:00:00.000Z`)
  return problems
}

/**
 * Checks a backup's content (parsed, migrated to the current version) record
 * by record; returns the catalogue as the API would hold it (text trimmed,
 * tags de-duplicated, plants in id order) and the lists of the record streams it holds
 * (the sales ledger's), each checked by its stream, or throws DataFileError naming the first few problems.
 */
export function checkBackup(file: string, value: unknown): PlantFile & { lists: Record<string, unknown[]> } {
  const head = checkCatalogueHead(file, value)
  const problems: string[] = []
  const listChecks = backupListChecks()
  const topLevel = [...CATALOGUE_FIELDS, ...listChecks.map(([key]) => key)]
  const unknown = Object.keys(head).filter((key) => !topLevel.includes(key))
  if (unknown.length > 0) problems.push(`unknown top-level field${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')}`)
  const keysProblem = head.idempotencyKeys === undefined ? undefined : idempotencyRecordsProblem(head.idempotencyKeys, 'idempotencyKeys')
  if (keysProblem) problems.push(keysProblem)
  const lists: Record<string, unknown[]> = {}
  for (const [key, check] of listChecks) {
    const list = (head as unknown as Record<string, unknown>)[key]
    if (list === undefined) continue
    pushAll(problems, check(list))
    lists[key] = list as unknown[] // a list once its check found no problem (else nothing is returned)
  }
  const seen = new Set<number>()
  const plants: Plant[] = []
  head.plants.forEach((record, index) => {
    const checked = checkRecord(record, `plants[${index}]`, head.nextId, seen)
    if (Array.isArray(checked)) pushAll(problems, checked)
    else plants.push(checked)
  })
  if (problems.length > 0) {
    const more = problems.length > NAMED_PROBLEMS ? `; and ${problems.length - NAMED_PROBLEMS} more` : ''
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    throw new DataFileError(file, `the backup has ${count}, so nothing was restored: ${problems.slice(0, NAMED_PROBLEMS).join('; ')}${more}`)
  }
  plants.sort((a, b) => a.id - b.id)
  const seq = head.nextSeq === undefined ? {} : { nextSeq: head.nextSeq }
  const keys = head.idempotencyKeys ? { idempotencyKeys: head.idempotencyKeys } : {}
  return {
    version: head.version,
    nextId: head.nextId,
    plants,
    ...seq,
    ...keys,
    lists
  }
}
