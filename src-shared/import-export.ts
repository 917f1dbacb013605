/**
 * Shapes of the import/export extension (GET /v3/export, POST /v3/import),
 * shared by the server, the CLI, the UI and scripts. docs/import-export.md
 * describes the file formats.
 */
import type { ImportMappingReport } from './import-mapping'
import { leaf, named, objectOf } from './body-rules'
import type { NewPlant } from './plant'
import type { PlantCount } from './words'
import { shopDay } from './shop-day'

/** Plans of an import made again when the catalogue changed while one was being made, before the import is refused (409). */
export const IMPORT_PLAN_ATTEMPTS = 3

/** The file formats of an export or import: CSV, JSON and Excel workbooks (.xlsx). */
export const TRANSFER_FORMATS = ['csv', 'json', 'xlsx'] as const

/** A file format of an export or import. */
export type TransferFormat = (typeof TRANSFER_FORMATS)[number]

/** Media type of each format (the Content-Type of an export, and of an import's body). */
export const TRANSFER_MEDIA_TYPES: Record<TransferFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

/** Other media types an import takes as CSV (tab-separated text, e.g. Excel's "Unicode text"). */
export const CSV_LIKE_MEDIA_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain', 'application/vnd.ms-excel']

/** The format of a file by its name: `.json` is JSON, `.xlsx` a workbook, anything else CSV. */
export function formatOfFileName(name: string): TransferFormat {
  const lower = name.toLowerCase()
  return lower.endsWith('.json') ? 'json' : lower.endsWith('.xlsx') ? 'xlsx' : 'csv'
}

/** Largest import body (bytes): far above the 1 MiB of the other routes, as a shop's whole list comes in one file. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024

/**
 * The most columns an import reads, empty columns at the end of the header not counted: a shop's sheet has a few
 * dozen, a shop system's export about 50. A wider header is refused before its rows are read.
 */
export const MAX_IMPORT_COLUMNS = 200

/** Errors an import lists (the first by row); the rest are counted in `moreErrors`. */
export const MAX_IMPORT_ERRORS = 1000

/** Warnings an import lists (the first found); the rest are counted in `moreWarnings`. */
export const MAX_IMPORT_WARNINGS = 100

/** The refusal of a header wider than {@link MAX_IMPORT_COLUMNS}, in words a person can act on. */
export function tooManyColumnsText(columns: number): string {
  return (
    `This file has ${columns.toLocaleString('en')} columns; Plant Store reads at most ${MAX_IMPORT_COLUMNS} ` +
    '(empty columns at the end of the header not counted). Save only the columns that describe the plants and import that file.'
  )
}

/** The line after a list cut short: "… and 4,999,000 more errors" (empty when nothing was left out). */
export function moreText(count: number | undefined, noun: string, plural = `${noun}s`): string {
  if (!count) return ''
  return `… and ${count.toLocaleString('en')} more ${count === 1 ? noun : plural}`
}

/** One thing wrong with one row of an imported file. */
export interface ImportRowError {
  /** The row as a spreadsheet numbers it (the header is row 1); for JSON, the position in the array from 1. */
  row: number
  /** The column (field) concerned, e.g. `status` or `tags[2]`; empty for the row as a whole. */
  field: string
  message: string
}

/** One change an import makes (or would make), for a preview "before → after". */
export interface ImportChange {
  row: number
  /** The plant updated; absent for a plant to add. */
  id?: number
  /** The plant's name (as it is, or as the import leaves it), for a preview that names plants rather than ids. */
  name?: string
  /** The changed fields as they are now; absent for a plant to add. */
  before?: NewPlant
  /** The changed fields as the import leaves them. */
  after: NewPlant
}

/** The answer of POST /v3/import (a dry run, or an applied import). */
export interface ImportSummary {
  added: number
  updated: number
  unchanged: number
  /** The first {@link MAX_IMPORT_WARNINGS} warnings. */
  warnings: string[]
  /** The first {@link MAX_IMPORT_ERRORS} errors by row. */
  errors: ImportRowError[]
  /** Errors found beyond those listed (absent when none were left out). */
  moreErrors?: number
  /** Warnings found beyond those listed (absent when none were left out). */
  moreWarnings?: number
  /** The first changes, in file order (at most {@link IMPORT_PREVIEW_CHANGES}). */
  changes: ImportChange[]
  /** True when the changes were saved; false for a dry run. */
  applied: boolean
  /** How the columns of a CSV file or workbook were read (extension): the mapping step shows it and sends choices back. */
  mapping?: ImportMappingReport
  /** A stock count: how many lines kept in stock the import takes up and down (present only when it moves any). */
  stock?: { up: number; down: number }
}

/** How many changes an import summary lists. */
export const IMPORT_PREVIEW_CHANGES = 50

/** The name an export suggests: `plants-2026-11-24.csv`, dated the shop's day (its time zone, shop-day.ts). */
export function exportFileName(format: TransferFormat, timeZone: string, now: Date = new Date()): string {
  return `plants-${shopDay(now, timeZone)}.${format}`
}

/** One row error as a person reads it: `row 17, status: must be one of available, pending, sold; got "Sould"`. */
export function formatRowError(error: ImportRowError): string {
  const message = error.field !== '' && error.message.startsWith(`${error.field} `) ? error.message.slice(error.field.length + 1) : error.message
  return error.field === '' ? `row ${error.row}: ${message}` : `row ${error.row}, ${error.field}: ${message}`
}

/** GET /v3/backup: the backup folder setting and how its backups are doing. */
export interface BackupFolderStatus {
  /** The configured backup folder; null when none is set. */
  dir: string | null
  /** Whether that folder is there now (a USB stick may be out). */
  present: boolean
  /** The last successful backup into a backup folder. */
  last: { at: string; dir: string; file: string } | null
  /** What the owner should know about the folder (another account can write into it); the server always sends it (empty when nothing). */
  warnings?: string[]
}

/** The body of PUT /v3/backup: the new backup folder (a full path), or null to stop backing up there. */
export interface BackupFolderChange {
  dir: string | null
}

const SEND_A_FOLDER = 'send {"dir": "/full/path"} to set the folder, or {"dir": null} to clear it'

/** PUT /v3/backup's body, described once. Whether the folder can be used (a full path, there, writable) is checked apart: 422. */
export const BACKUP_FOLDER_BODY = named(
  'BackupFolderChange',
  objectOf<BackupFolderChange>(
    {
      dir: leaf<string | null>(
        (value, field, errors) => {
          if (typeof value === 'string' || value === null) return value
          errors.push({ field, message: SEND_A_FOLDER })
          return undefined
        },
        { type: ['string', 'null'], description: 'A full path to a folder that exists and this user can write to; null clears the setting.' }
      )
    },
    { required: ['dir'], notAnObject: SEND_A_FOLDER, unknownKey: (key) => `unknown field "${key}"` }
  )
)

/** The answer of POST /v3/backup: the backup just written into the backup folder, how many plants it holds, and that said. */
export interface BackupMade extends PlantCount {
  file: string
  /** "Backed up 27 plants (and 6 deleted, restorable) to FILE". */
  message: string
}

/** How long a backup counts as recent. */
export const BACKUP_FRESH_MS = 24 * 60 * 60 * 1000

/** The UI's line about the backup folder (undefined when none is set), and whether it is a warning. */
export function describeBackupFolder(status: BackupFolderStatus, now = new Date()): { text: string; warn: boolean } | undefined {
  if (status.dir === null) return undefined
  if (!status.present) return { text: `The backup folder ${status.dir} is missing: plug in the drive or change the folder.`, warn: true }
  if (status.last === null) return { text: `No backup in ${status.dir} yet; one is made when the app quits.`, warn: true }
  const at = new Date(status.last.at)
  const day = at.toDateString() === now.toDateString() ? 'today' : at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  const text = `Last backup: ${day} ${time} on ${status.last.dir}`
  return now.getTime() - at.getTime() > BACKUP_FRESH_MS
    ? { text: `${text} — more than a day ago; check the backup folder.`, warn: true }
    : { text, warn: false }
}
