/**
 * The change log's records as the API serves them: one record per
 * saved change of one plant, numbered by `seq` (strictly increasing, never
 * reused, across restarts and restores), and the sales report built from them.
 */
import type { Takings } from './day'
import type { Plant } from './plant'
import type { StockRecord } from './stock'

/** Paths of the change log's extensions, relative to API_BASE (kept here, beside their records). */
export const HISTORY_PATHS = {
  changes: '/changes',
  plantHistory: '/plant/{id}/history',
  salesReport: '/reports/sales',
  /** The catalogue's health: damaged history files set aside. */
  health: '/health'
} as const

/** The kinds of change the log records (`plant.deleted` / `plant.restored` come with the till's delete). */
export const CHANGE_TYPES = ['plant.added', 'plant.updated', 'plant.deleted', 'plant.restored'] as const

/** One of {@link CHANGE_TYPES}. */
export type ChangeType = (typeof CHANGE_TYPES)[number]

/** A changed field: its value before and after (null when absent). */
export interface FieldChange {
  from: unknown
  to: unknown
}

/** One saved change of one plant. */
export interface ChangeRecord {
  seq: number
  type: ChangeType
  plantId: number
  /** Server time of the change (ISO 8601). */
  at: string
  /** Who made it: `ui`, `cli`, or the name of the API token (`import` in entries of imports made before `via` was kept). */
  by: string
  /** The staff member at the till who made it (extension; only once staff members are set up). */
  staff?: string
  /** `import` when the change came with an import (extension): `by` still names who imported. */
  via?: 'import'
  /** On `plant.updated` only: the fields that changed. */
  changes?: Record<string, FieldChange>
  /** On `plant.added` and `plant.restored`: the plant as it was then. */
  plant?: Plant
  /** On a `plant.updated` that moved the quantity: the stock movement (why, by how much; `changes.quantity` has before → after). */
  stock?: StockRecord
}

/** GET /v3/changes: changes after `since`, and the `since` to pass next time. */
export interface ChangesPage {
  changes: ChangeRecord[]
  next: number
}

/** GET /v3/plant/{id}/history: a page of one plant's changes, oldest first; `next` pages on (null at the end). */
export interface PlantHistoryPage {
  changes: ChangeRecord[]
  next: number | null
}

/** How the sales report groups its counts. */
export const SALES_GROUPINGS = ['day', 'week', 'month', 'category'] as const

/** One of {@link SALES_GROUPINGS}. */
export type SalesGrouping = (typeof SALES_GROUPINGS)[number]

/** Counts of one group (or the totals) of the sales report. */
export interface SalesCounts {
  sold: number
  returned: number
  /** sold − returned. */
  net: number
  /** Sum of the prices at the time of each sale (plants without a price add nothing). */
  total: number
}

/** GET /v3/reports/sales. */
export interface SalesReport {
  from: string
  to: string
  groupBy: SalesGrouping
  currency: string
  /** Each group; grouped by date, with the till's `takings` of its days too. */
  groups: (SalesCounts & { key: string; takings?: Takings })[]
  totals: SalesCounts
  /** The till's sales and refunds of the period (UTC days): each counted once, money as net takings in minor units. */
  takings?: Takings
}

/**
 * One thing the owner should know about (GET /v3/health): a history file set aside whole
 * (`history-file-damaged`), or the damaged lines of one (`history-lines-damaged`: `lines` of them, the rest serves on).
 */
export type HealthProblem =
  | { kind: 'history-file-damaged'; file: string; keptAs: string; problem: string }
  | { kind: 'history-lines-damaged'; file: string; keptAs: string; problem: string; lines: number }
  /** The last write failed (a full disk, a read-only drive): no change, sale or refund can be saved until one succeeds. */
  | { kind: 'writes-failing'; problem: string; since: string }

/** Who put a backup back: `plant-store restore` (`cli`) or the desktop app (`app`: its menu, or its start after a damaged file). */
export type RestoredBy = 'cli' | 'app'

/** The last time a backup was put back in place of the catalogue (GET /v3/health), so open pages can say so. */
export interface LastRestore {
  /** The first seq of the restored catalogue: a page that knew another one was looking at a catalogue since replaced. */
  seq: number
  /** When the restore was done (ISO 8601). */
  at: string
  /** When the backup put back was made (ISO 8601): from its file name (`plants-2026-11-22T08-00-00-000Z.json`), else its file's time. */
  backupMadeAt: string
  by: RestoredBy
  /** The account of the computer that ran it, when known. */
  user?: string
}

/** GET /v3/health: `degraded` while a damaged history file is set aside; `restored` once a backup was put back. */
export interface Health {
  status: 'ok' | 'degraded'
  problems: HealthProblem[]
  /** What the token of the request may do: a read-only token's screen offers no changes. */
  scope?: 'owner' | 'read-write' | 'read-only'
  restored?: LastRestore
}
