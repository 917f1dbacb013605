/**
 * Export and import over a open catalogue: what the HTTP routes and the CLI
 * (when no server runs) both do, so the two cannot differ.
 */
import type { ImportSummary, TransferFormat } from '#shared/import-export'
import type { Plant, PlantStatus } from '#shared/plant'
import { CatalogueChangedError } from '#store/errors'
import { actingAs, type PlantStore } from '#store'
import { planImport, planImportSliced, type ImportPlan } from './import-plan'
import { parsePlantCsv, plantCsvChunks, readPlantCsv } from './plant-csv'
import { parsePlantJson, plantJsonChunks, readPlantJson } from './plant-json'

/** Plans made again when the catalogue changed while one was being made, before the import is refused. */
export const IMPORT_PLAN_ATTEMPTS = 3

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
 * Plans `text` over `store` in slices (other requests run in between) and
 * applies it: a dry run only plans; otherwise the whole file is applied as one
 * durable batch, or nothing at all when any row has an error. A plan is only
 * trusted when the catalogue did not change while it was made (nor before the
 * batch is written: `basedOn`); otherwise it is made again, and after
 * {@link IMPORT_PLAN_ATTEMPTS} tries the import throws CatalogueChangedError, changing nothing.
 */
export async function importText(store: PlantStore, format: TransferFormat, text: string, dryRun: boolean): Promise<ImportOutcome> {
  const file = format === 'csv' ? await readPlantCsv(text) : await readPlantJson(text)
  for (let attempt = 1; attempt <= IMPORT_PLAN_ATTEMPTS; attempt++) {
    const basedOn = store.version
    const plan = await planImportSliced(file, (id) => store.get(id))
    if (store.version !== basedOn) continue
    if (dryRun) return { summary: plan.summary, rejected: false }
    if (plan.summary.errors.length > 0) {
      // Nothing was changed, so nothing counts as added or updated (the API's 422 carries only the errors too).
      const { stock: _stock, ...rest } = plan.summary
      const nothing = { added: 0, updated: 0, unchanged: 0, changes: [] }
      return { summary: { ...rest, ...nothing }, rejected: true }
    }
    try {
      // Nothing to change writes nothing: an export imported back leaves the files as they were.
      // The change log records an import's changes as made by `import` (issue 14).
      if (plan.adds.length + plan.updates.length > 0) await actingAs('import', () => store.applyBatch({ ...plan, basedOn }))
      return { summary: { ...plan.summary, applied: true }, rejected: false }
    } catch (error) {
      if (!(error instanceof CatalogueChangedError)) throw error
    }
  }
  throw new CatalogueChangedError()
}
