/**
 * Export and import over a open catalogue: what the HTTP routes and the CLI
 * (when no server runs) both do, so the two cannot differ.
 */
import { IMPORT_PLAN_ATTEMPTS, type ImportSummary, type TransferFormat } from '#shared/import-export'
import type { ShopMoney } from '#shared/money'
import type { Plant, PlantStatus } from '#shared/plant'
import { CatalogueChangedError } from '#store/errors'
import { importFingerprintOf, type Actor, type IdempotencyScope, type ShopStore } from '#store'
import { readImport, readImportNow, type ImportRequest, type ReadImport } from './import-file'
import { planImport, planImportSliced, type ImportPlan } from './import-plan'
import { plantCsvChunks } from './plant-csv'
import { plantJsonChunks } from './plant-json'
import { plantsToXlsx } from './plant-xlsx'

/** The export of the plants in `statuses` (all when empty) as text chunks, from the catalogue as it is now. */
export function exportChunks(store: ShopStore, format: 'csv' | 'json', statuses: readonly PlantStatus[] = []): Generator<string> {
  // A copy of the list: changes saved while a large export is being sent do not tear it.
  const plants = store.find({ statuses }).slice()
  return format === 'csv' ? plantCsvChunks(plants) : plantJsonChunks(plants)
}

/** The export as an Excel workbook, prices in the shop's currency format, built in slices. */
export function exportWorkbook(store: ShopStore, money: ShopMoney, statuses: readonly PlantStatus[] = []): Promise<Uint8Array> {
  return plantsToXlsx(store.find({ statuses }).slice(), money)
}

/** Outcome of {@link importFile}: the summary, and whether the file was refused for its errors. */
export interface ImportOutcome {
  summary: ImportSummary
  /** True when the import was to be applied but the file has errors, so nothing was changed. */
  rejected: boolean
  /** True when the answer is that of an earlier import with the same Idempotency-Key, file and choices: nothing was changed now. */
  replayed?: boolean
}

/** The plan's summary with the mapping the file was read with. */
const withMapping = (summary: ImportSummary, read: ReadImport): ImportSummary => (read.mapping ? { ...summary, mapping: read.mapping } : summary)

/** Plans the import of `request` over the catalogue `lookup` reads; changes nothing. */
export function planFile(request: ImportRequest, lookup: (id: number) => Plant | undefined): ImportPlan {
  const read = readImportNow(request)
  const plan = planImport(read.file, lookup)
  return { ...plan, summary: withMapping(plan.summary, read) }
}

/** {@link planFile} of a text in UTF-8 with no choices (tests). */
export function planText(format: TransferFormat, text: string, lookup: (id: number) => Plant | undefined): ImportPlan {
  return planFile({ format, bytes: new TextEncoder().encode(text) }, lookup)
}

/**
 * Plans `text` over `store` in slices (other requests run in between) and
 * applies it: a dry run only plans; otherwise the whole file is applied as one
 * durable batch, or nothing at all when any row has an error. A plan is only
 * trusted when the catalogue did not change while it was made (nor before the
 * batch is written: `basedOn`); otherwise it is made again, and after
 * {@link IMPORT_PLAN_ATTEMPTS} tries the import throws CatalogueChangedError, changing nothing. Once the
 * request's `signal` aborts (its client went away), the work stops between two slices with ImportAbortedError,
 * changing nothing. With `idempotency` (the caller's Idempotency-Key), an applied import keeps its key and answer in
 * its journal line, and the same file with the same choices sent again under that key gets that answer again,
 * changing nothing (IdempotencyKeyReusedError for another file or other choices); a dry run ignores the key.
 */
export async function importFile(
  store: ShopStore,
  request: ImportRequest,
  dryRun: boolean,
  actor: Actor,
  idempotency?: IdempotencyScope
): Promise<ImportOutcome> {
  const once =
    idempotency && !dryRun
      ? { scope: idempotency, fingerprint: importFingerprintOf(request.format, request.choices ?? {}, request.bytes) }
      : undefined
  const first = once && store.replayOfImport(once)
  if (first) return { summary: first, rejected: false, replayed: true }
  const read = await readImport(request)
  for (let attempt = 1; attempt <= IMPORT_PLAN_ATTEMPTS; attempt++) {
    const basedOn = store.version
    const planned = await planImportSliced(read.file, (id) => store.get(id), request.signal)
    const plan = { ...planned, summary: withMapping(planned.summary, read) }
    if (store.version !== basedOn) continue
    if (dryRun) return { summary: plan.summary, rejected: false }
    if (plan.summary.errors.length > 0) {
      // Nothing was changed, so nothing counts as added or updated (the API's 422 carries only the errors too).
      const { stock: _stock, ...rest } = plan.summary
      const nothing = { added: 0, updated: 0, unchanged: 0, changes: [] }
      return { summary: { ...rest, ...nothing }, rejected: true }
    }
    try {
      // Nothing to change writes nothing: an export imported back leaves the files as they were. Nor is its key kept:
      // a retry of an import that added nothing cannot add anything twice.
      // The change log keeps who imports (`actor`: the request's token, or the CLI) and marks the changes `via: "import"`.
      const summary = { ...plan.summary, applied: true }
      if (plan.adds.length + plan.updates.length === 0) return { summary, rejected: false }
      const saved = await store.applyBatch({ ...plan, basedOn }, actor, once && { ...once, answer: summary })
      return saved.replayed ? { summary: saved.replayed, rejected: false, replayed: true } : { summary, rejected: false }
    } catch (error) {
      if (!(error instanceof CatalogueChangedError)) throw error
    }
  }
  throw new CatalogueChangedError()
}

/** {@link importFile} of a text in UTF-8 with no choices (tests and scripts of the store). */
export function importText(store: ShopStore, format: TransferFormat, text: string, dryRun: boolean, actor: Actor): Promise<ImportOutcome> {
  return importFile(store, { format, bytes: new TextEncoder().encode(text) }, dryRun, actor)
}
