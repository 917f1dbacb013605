/**
 * Shapes of the import/export extension (GET /v3/export, POST /v3/import),
 * shared by the server, the CLI, the UI and scripts. docs/import-export.md
 * describes the file formats.
 */
import type { NewPlant } from './plant'

/** The file formats of an export or import. */
export const TRANSFER_FORMATS = ['csv', 'json'] as const

/** A file format of an export or import. */
export type TransferFormat = (typeof TRANSFER_FORMATS)[number]

/** Media type of each format (the Content-Type of an export, and of an import's body). */
export const TRANSFER_MEDIA_TYPES: Record<TransferFormat, string> = {
  csv: 'text/csv',
  json: 'application/json'
}

/** Largest import body (bytes): far above the 1 MiB of the other routes, as a shop's whole list comes in one file. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024

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
  warnings: string[]
  errors: ImportRowError[]
  /** The first changes, in file order (at most {@link IMPORT_PREVIEW_CHANGES}). */
  changes: ImportChange[]
  /** True when the changes were saved; false for a dry run. */
  applied: boolean
  /** A stock count: how many lines kept in stock the import takes up and down (present only when it moves any). */
  stock?: { up: number; down: number }
}

/** How many changes an import summary lists. */
export const IMPORT_PREVIEW_CHANGES = 50

/** The file name an export suggests: `plants-2025-03-14.csv` (the local date). */
export function exportFileName(format: TransferFormat, now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-')
  return `plants-${day}.${format}`
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
}

/** The body of PUT /v3/backup: the new backup folder (a full path), or null to stop backing up there. */
export interface BackupFolderChange {
  dir: string | null
}

/** The answer of POST /v3/backup: the backup just written into the backup folder. */
export interface BackupMade {
  file: string
  plantCount: number
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
