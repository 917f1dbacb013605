/** Plants as JSON: an export is an array of full plants (as GET /v3/plant/{id} gives them); an import reads the same. */
import type { Plant } from '#shared/plant'
import { isPlainObject } from '#shared/plant-schema'
import { duplicateKeysByItem } from '#lib/duplicate-json-key'
import { ImportFindings } from './import-findings'
import type { ImportFile, ImportRow } from './import-rows'
import { COLUMN_NAMES, IGNORED_ON_IMPORT, IMPORTED_COLUMN_NAMES, PLANT_COLUMNS } from './plant-columns'
import { eachInSlices, runAtOnce, runSliced, type Steps } from './slices'

/** The export as chunks of `plantsPerChunk` plants, so a large export does not hold the event loop in one stringify. */
export function* plantJsonChunks(plants: readonly Plant[], plantsPerChunk = 2000): Generator<string> {
  yield '['
  for (let start = 0; start < plants.length; start += plantsPerChunk) {
    const items = plants.slice(start, start + plantsPerChunk).map((plant) => JSON.stringify(plant))
    yield (start === 0 ? '\n' : ',\n') + items.join(',\n')
  }
  yield '\n]\n'
}

/** The whole export as one text. */
export function plantsToJson(plants: readonly Plant[]): string {
  return [...plantJsonChunks(plants)].join('')
}

/**
 * The JSON import's rows, in slices of items. JSON.parse and the duplicate-key
 * scan each stay one blocking call (docs/performance.md has their times on a
 * 32 MiB file).
 */
function* jsonFileSteps(text: string): Steps<ImportFile> {
  let value: unknown
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text)
  } catch (error) {
    return { rows: [], warnings: [], errors: [{ row: 0, field: '', message: `the file is not valid JSON: ${(error as Error).message}` }] }
  }
  if (!Array.isArray(value)) {
    return { rows: [], warnings: [], errors: [{ row: 0, field: '', message: 'the file must hold a JSON array of plants, as an export writes it' }] }
  }
  const rows: ImportRow[] = []
  const findings = new ImportFindings()
  const unknownKeys = new Set<string>()
  // JSON.parse keeps the last of two equal keys silently; the API refuses such a body, and so does an import.
  yield // between the two whole-file passes (JSON.parse, the duplicate-key scan), each of a few hundred ms at 32 MiB
  const duplicates = duplicateKeysByItem(text)
  yield* eachInSlices(value as unknown[], (item, index) => {
    const row = index + 1
    if (!isPlainObject(item)) {
      findings.error({ row, field: '', message: 'each item must be a plant object such as {"name": "Monstera"}' })
      return
    }
    const twice = duplicates.get(index)
    if (twice) {
      for (const key of twice) findings.error({ row, field: key, message: `the key "${key}" is given more than once; give each field once` })
      return
    }
    const fields: Record<string, unknown> = {}
    for (const [key, cell] of Object.entries(item)) {
      const column = PLANT_COLUMNS.find((candidate) => candidate.name === key)
      if (!column) {
        if (!IGNORED_ON_IMPORT.includes(key)) unknownKeys.add(key)
      } else if (column.imported) fields[key] = cell
    }
    // An item of another shape ({"Name": …}, {}) would add a blank plant.
    if (Object.keys(fields).length === 0) {
      findings.error({
        row,
        field: '',
        message: `the item gives none of the fields ${IMPORTED_COLUMN_NAMES.join(', ')}; e.g. {"name": "Monstera"}`
      })
      return
    }
    const exportedAt = typeof item.updatedAt === 'string' && item.updatedAt !== '' ? { exportedAt: item.updatedAt } : {}
    rows.push({ row, fields, ...exportedAt })
  })
  for (const key of unknownKeys) findings.warning(`field "${key}" is not known and was ignored; the fields are ${COLUMN_NAMES.join(', ')}`)
  return { rows, ...findings.list() }
}

/** Reads a JSON import: an array of plant objects; createdAt/updatedAt are ignored, unknown keys are warnings. */
export function parsePlantJson(text: string): ImportFile {
  return runAtOnce(jsonFileSteps(text))
}

/** {@link parsePlantJson} with a turn of the event loop between slices of items (same result). */
export function readPlantJson(text: string, signal?: AbortSignal): Promise<ImportFile> {
  return runSliced(jsonFileSteps(text), signal)
}
