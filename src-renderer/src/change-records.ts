/**
 * The shapes of issue 14's API as the UI reads them (docs: the change log, the
 * sales report). Kept structural so that the shared client's own types fit.
 */
import type { Plant } from '#shared/plant'

export type ChangeType = 'plant.added' | 'plant.updated' | 'plant.deleted' | 'plant.restored'

/** One field of an update: its value before and after. */
export interface FieldChange {
  from?: unknown
  to?: unknown
}

/** One saved change of one plant. */
export interface ChangeRecord {
  seq: number
  type: ChangeType
  plantId: number
  at: string
  by: string
  /** plant.updated: only the fields that changed. */
  changes?: Readonly<Record<string, FieldChange>>
  /** plant.added and plant.restored: the whole plant. */
  plant?: Plant
}

export type ReportGrouping = 'day' | 'week' | 'month' | 'category'

/** One bar of the report: a day, week, month or category. */
export interface SalesFigures {
  sold: number
  returned: number
  net: number
  total: number
}

export interface SalesGroup extends SalesFigures {
  key: string
}

/** GET /v3/reports/sales */
export interface SalesReport {
  from: string
  to: string
  groupBy: ReportGrouping
  currency?: string | null
  groups: SalesGroup[]
  totals: SalesFigures
}
