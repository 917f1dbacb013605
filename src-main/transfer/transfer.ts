/**
 * Export and import over a open catalogue: what the HTTP routes and the CLI
 * (when no server runs) both do, so the two cannot differ.
 */
import type { ImportSummary, TransferFormat } from '#shared/import-export'
import type { Plant, PlantStatus } from '#shared/plant'
import type { PlantStore } from '#store/plant-store'
import { planImport, type ImportPlan } from './import-plan'
import { parsePlantCsv, plantCsvChunks } from './plant-csv'
import { parsePlantJson, plantJsonChunks } from './plant-json'

/** The export of the plants in `statuses` (all when empty) as text chunks, from the catalogue as it is now. */
export function exportChunks(store: PlantStore, format: TransferFormat, statuses: readonly PlantStatus[] = []): Generator<string> {
  // A copy of the list: changes saved while a large export is being sent do not tear it.
  const plants = store.find({ statuses }).slice()
  return format === 'csv' ? plantCsvChunks(plants) : plantJsonChunks(plants)
}

/** Outcome of {@link importText}: the summary, and whether the file was refused for its errors. */
export interface ImportOutcome {
  summary: ImportSummary
  /** True when the import was to be applied but the file has errors, so nothing was changed. */
  rejected: boolean
}

/** Plans the import of `text` over the catalogue `lookup` reads; changes nothing. */
export function planText(format: TransferFormat, text: string, lookup: (id: number) => Plant | undefined): ImportPlan {
  return planImport(format === 'csv' ? parsePlantCsv(text) : parsePlantJson(text), lookup)
}

/**
 * Imports `text` into `store`: a dry run only plans; otherwise the whole file
 * is applied as one durable batch, or nothing at all when any row has an error.
 */
export async function importText(store: PlantStore, format: TransferFormat, text: string, dryRun: boolean): Promise<ImportOutcome> {
  const plan = planText(format, text, (id) => store.get(id))
  if (dryRun) return { summary: plan.summary, rejected: false }
  if (plan.summary.errors.length > 0) {
    // Nothing was changed, so nothing counts as added or updated (the API's 422 carries only the errors too).
    const nothing = { added: 0, updated: 0, unchanged: 0, changes: [] }
    return { summary: { ...plan.summary, ...nothing }, rejected: true }
  }
  // Nothing to change writes nothing: an export imported back leaves the files as they were.
  if (plan.adds.length + plan.updates.length > 0) await store.applyBatch(plan)
  return { summary: { ...plan.summary, applied: true }, rejected: false }
}
