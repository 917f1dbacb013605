/**
 * Turns the rows of an import file into the changes it asks for: every row is
 * validated by the API's own schema (src-shared/plant-schema.ts), compared
 * with the catalogue, and every fault of every row is collected. Pure: the
 * caller applies the plan (all of it, or nothing when there is any error).
 */
import { sameFieldValue } from '#shared/arrays'
import { IMPORT_PREVIEW_CHANGES, type ImportChange, type ImportSummary } from '#shared/import-export'
import type { FieldChanges, NewPlant, Plant, PlantChanges, PlantStatus } from '#shared/plant'
import { centsOf, toDecimal } from '#shared/money'
import { isPlantId, validateNewPlant, validatePlantChanges } from '#shared/plant-schema'
import { statusFollowingStock } from '#shared/stock'
import { ImportFindings } from './import-findings'
import type { ImportFile, ImportRow } from './import-rows'
import { eachInSlices, runAtOnce, runSliced, type Steps } from './slices'

/** What an import would do. */
export interface ImportPlan {
  adds: NewPlant[]
  /** Each holds only the fields that differ from the plant as it is. */
  updates: PlantChanges[]
  /** The counts, warnings, errors and first changes (not applied). */
  summary: ImportSummary
}

/** The fields of `wanted` that differ from `current`, before and after. */
function difference(current: Plant, wanted: FieldChanges): { before: NewPlant; after: FieldChanges } {
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(wanted)) {
    const now = (current as unknown as Record<string, unknown>)[field]
    if (sameFieldValue(now, value)) continue
    before[field] = now
    after[field] = value
  }
  return { before: before as NewPlant, after: after as FieldChanges }
}

/**
 * The fields with the price as the store keeps it, whole cents: 0.1 + 0.2 from a script is 0.3, so it compares equal
 * to a price of 0.30 and a preview never shows 0.30000000000000004.
 */
function withExactPrice<T extends { price?: number | null }>(fields: T): T {
  return typeof fields.price === 'number' ? { ...fields, price: toDecimal(centsOf(fields.price)) } : fields
}

/**
 * The status a count in the file moves the plant to, when it moves it (the status follows the stock, docs/api.md): a
 * count to 0 takes an available plant off sale, pots found on a sold one put it back on sale. The preview shows it,
 * as every field that changes; undefined when the row sets the status itself or the status stays.
 */
function followedStatus(current: Plant, after: FieldChanges): PlantStatus | undefined {
  if (typeof after.quantity !== 'number' || after.status !== undefined) return undefined
  const status = statusFollowingStock(current.status, after.quantity, current.quantity ?? 0)
  return status === current.status ? undefined : status
}

/**
 * An updatedAt as the export writes it. A spreadsheet that rewrote the dates on saving (German Excel: 28.11.2026 10:00,
 * in its own time zone) leaves no exact time to compare, so such a cell guards nothing.
 */
const EXPORT_STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

const cellOf = (value: unknown) =>
  value === undefined || value === null ? 'empty' : Array.isArray(value) ? `"${value.join(', ')}"` : JSON.stringify(value)

/**
 * Why a row of an export is refused when its plant changed after the export: the file's older values would undo
 * those changes (the morning's stock count put back after the day's sales). The user edits a fresh export instead.
 */
function changedSinceExport(current: Plant, exportedAt: string, before: object, after: object): string {
  const fields = Object.entries(after)
    .slice(0, 4)
    .map(([field, value]) => `${field} ${cellOf((before as Record<string, unknown>)[field])} → ${cellOf(value)}`)
  return (
    `plant ${current.id}${current.name === undefined ? '' : ` "${current.name}"`} changed after this file was exported (updatedAt ${exportedAt} in the file, ${current.updatedAt} now), ` +
    `and the row would set ${fields.join(', ')}: export again and make the edit in the new file, or empty the row's updatedAt cell to overwrite the plant with the file's values`
  )
}

class Planner {
  readonly plan: ImportPlan
  readonly findings: ImportFindings
  readonly #rowOfId = new Map<number, number>()

  constructor(
    file: ImportFile,
    private readonly lookup: (id: number) => Plant | undefined
  ) {
    this.findings = new ImportFindings(file)
    const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, warnings: [], errors: [], changes: [], applied: false }
    this.plan = { adds: [], updates: [], summary }
  }

  #error(row: number, field: string, message: string): void {
    this.findings.error({ row, field, message })
  }

  #preview(change: ImportChange): void {
    if (this.plan.summary.changes.length < IMPORT_PREVIEW_CHANGES) this.plan.summary.changes.push(change)
  }

  add({ row, fields, errors = [] }: ImportRow): void {
    const checked = validateNewPlant(fields)
    const faults = [...errors, ...(checked.ok ? [] : checked.errors)]
    // A row that adds a plant without a name would add an "Unnamed" plant nobody asked for.
    if (faults.length === 0 && checked.ok && checked.value.name === undefined) {
      faults.push({ field: 'name', message: 'the row has no name: give the plant a name (or the id of a plant to update)' })
    }
    if (faults.length > 0 || !checked.ok) return this.#errors(row, faults)
    const plant = withExactPrice(checked.value)
    this.plan.adds.push(plant)
    this.plan.summary.added++
    this.#preview({ row, name: plant.name, after: plant })
  }

  update({ row, fields, errors = [], exportedAt }: ImportRow): void {
    if (isPlantId(fields.id)) {
      // Checked before the other cells: a second row for the same plant is wrong even when the first has a fault.
      const earlier = this.#rowOfId.get(fields.id)
      if (earlier !== undefined) return this.#error(row, 'id', `id ${fields.id} is also in row ${earlier}; change a plant in one row only`)
      this.#rowOfId.set(fields.id, row)
    }
    const checked = validatePlantChanges(fields)
    if (!checked.ok || errors.length > 0) return this.#errors(row, [...errors, ...(checked.ok ? [] : checked.errors)])
    const { id, ...wanted } = withExactPrice(checked.value)
    const current = this.lookup(id)
    if (!current) return this.#error(row, 'id', `there is no plant with id ${id}; leave id empty to add a new plant`)
    const { before, after } = difference(current, wanted)
    if (Object.keys(after).length === 0) {
      this.plan.summary.unchanged++
      return
    }
    if (exportedAt !== undefined && EXPORT_STAMP.test(exportedAt) && exportedAt !== current.updatedAt)
      return this.#error(row, 'updatedAt', changedSinceExport(current, exportedAt, before, after))
    this.plan.updates.push({ id, ...after })
    this.plan.summary.updated++
    this.#noteRename(row, current, after.name)
    const status = followedStatus(current, after)
    this.#countStock(current, after.quantity, status)
    const shown = status ? { before: { ...before, status: current.status }, after: { ...after, status } } : { before, after }
    this.#preview({ row, id, name: (after as NewPlant).name ?? current.name, before: shown.before, after: shown.after as NewPlant })
  }

  /**
   * Said aloud, not only in the list of changes: a row that renames a plant may be an id column holding the shop's own
   * numbering, whose stock, history and labels would then belong to another product.
   */
  #noteRename(row: number, current: Plant, name: string | null | undefined): void {
    if (typeof name !== 'string' || current.name === undefined) return
    this.findings.warning(
      `row ${row} renames plant ${current.id} "${current.name}" to "${name}"; if the id column is the shop's own numbering, not Plant Store's ids, import it as "not imported"`
    )
  }

  /** Counts a line the import takes up or down (a stock count in the file), and off sale or back on sale. */
  #countStock(current: Plant, quantity: number | null | undefined, status: PlantStatus | undefined): void {
    if (typeof quantity !== 'number') return
    const stock = (this.plan.summary.stock ??= { up: 0, down: 0 })
    if (quantity > (current.quantity ?? 0)) stock.up++
    else if (quantity < (current.quantity ?? 0)) stock.down++
    if (status === 'sold') stock.offSale = (stock.offSale ?? 0) + 1
    else if (status) stock.onSale = (stock.onSale ?? 0) + 1
  }

  #errors(row: number, errors: { field: string; message: string }[]): void {
    for (const error of errors) this.#error(row, error.field, error.message)
  }
}

function* planSteps(file: ImportFile, lookup: (id: number) => Plant | undefined): Steps<ImportPlan> {
  const planner = new Planner(file, lookup)
  yield* eachInSlices(file.rows, (row) => {
    if (row.fields.id === undefined) planner.add(row)
    else planner.update(row)
  })
  // The first errors by row and the first warnings; the counts of the rest.
  Object.assign(planner.plan.summary, planner.findings.list())
  return planner.plan
}

/** Plans the import of `file` over the catalogue that `lookup` reads. */
export function planImport(file: ImportFile, lookup: (id: number) => Plant | undefined): ImportPlan {
  return runAtOnce(planSteps(file, lookup))
}

/**
 * {@link planImport} in slices of rows, with a turn of the event loop between
 * them: other requests (and changes) may run meanwhile, so the caller checks
 * that the catalogue did not change before it trusts the plan. Stops between
 * two slices once `signal` aborts (ImportAbortedError).
 */
export function planImportSliced(file: ImportFile, lookup: (id: number) => Plant | undefined, signal?: AbortSignal): Promise<ImportPlan> {
  return runSliced(planSteps(file, lookup), signal)
}
