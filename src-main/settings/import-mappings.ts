/**
 * The column mappings of applied imports, remembered per header shape in the
 * data folder's settings.json (`import.mappings`), so that the next import of
 * the same sheet needs no choice. Only the most recent shapes are kept.
 */
import type { ImportSummary } from '#shared/import-export'
import { checkImportChoices, type ImportChoices } from '#shared/import-mapping'
import { dictionary } from '#shared/dictionary'
import { changeSettings, readSettings, type Settings } from './settings'

/** Header shapes remembered; the least recently used goes first. */
export const REMEMBERED_MAPPINGS = 50

/** The remembered choices of `dataDir`, by header shape (an entry that is not a valid choice is left out). */
export async function readImportMappings(dataDir: string): Promise<Record<string, ImportChoices>> {
  return importMappingsOf(await readSettings(dataDir))
}

/** The remembered choices of `settings` (settings.json as read), by header shape. */
export function importMappingsOf(settings: Readonly<Settings>): Record<string, ImportChoices> {
  const stored = settings['import.mappings']
  if (typeof stored !== 'object' || stored === null) return {}
  const mappings = dictionary<ImportChoices>() // settings.json is the person's to edit: a key may be anything
  for (const [shape, entry] of Object.entries(stored)) {
    const checked = checkImportChoices((entry as { choices?: unknown } | null)?.choices)
    if (checked.ok) mappings[shape] = checked.value
  }
  return mappings
}

/** Remembers `choices` for files of header `shape` (under the settings file's lock). */
export async function rememberImportMapping(dataDir: string, shape: string, choices: ImportChoices, now = new Date()): Promise<void> {
  await changeSettings(dataDir, rememberingMapping(shape, choices, now))
}

/** The change to settings that remembers `choices` for files of header `shape`. */
export function rememberingMapping(shape: string, choices: ImportChoices, now = new Date()): (settings: Settings) => void {
  return (settings) => {
    const entries = Object.entries(settings['import.mappings'] ?? {}).filter(([key]) => key !== shape)
    entries.push([shape, { choices, usedAt: now.toISOString() }])
    entries.sort((a, b) => a[1].usedAt.localeCompare(b[1].usedAt))
    settings['import.mappings'] = Object.fromEntries(entries.slice(-REMEMBERED_MAPPINGS))
  }
}

/**
 * Whether an import's mapping is worth remembering: it was applied and changed something (an export imported
 * back unchanged writes nothing, settings included), and someone chose (`chose`) or a remembered mapping was used.
 */
export function shouldRemember(summary: ImportSummary, chose: boolean): boolean {
  const mapping = summary.mapping
  return summary.applied && mapping !== undefined && summary.added + summary.updated > 0 && (chose || mapping.remembered)
}
