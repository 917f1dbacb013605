/**
 * The mapping options of `plant-store import`: `--map "Bezeichnung=name,Preis=price"`, a mapping file (the JSON
 * of the API's `mapping` parameter), `--preset shopify`, `--decimal-mark ,`, `--status-word reserviert=pending`,
 * `--leave-out "Gift Card"`, `--encoding windows-1252`, `--sheet Plants`; and the mapping used, in words.
 */
import { readFile } from 'node:fs/promises'
import {
  COLUMN_TARGETS,
  COLUMN_TARGET_LABELS,
  IMPORT_PRESETS,
  STATUS_WORD_TARGETS,
  TEXT_ENCODINGS,
  checkImportChoices,
  parseColumnMap,
  type ImportChoices,
  type ImportMappingReport,
  type StatusWordTarget
} from '#shared/import-mapping'
import { UsageError } from '#cli/command'
import { moreText } from '#shared/import-export'

/** The options, for readOptions. */
export const CHOICE_OPTIONS = {
  map: { type: 'string' },
  mapping: { type: 'string' },
  preset: { type: 'string' },
  'decimal-mark': { type: 'string' },
  'status-word': { type: 'string', multiple: true },
  'leave-out': { type: 'string', multiple: true },
  encoding: { type: 'string' },
  sheet: { type: 'string' }
} as const

/** Their help lines. */
export const CHOICE_OPTIONS_HELP = `  --map M      columns as HEADING=FIELD pairs, e.g. --map "Bezeichnung=name,Preis=price"
               (fields: ${COLUMN_TARGETS.join(', ')}; skip = not imported)
  --mapping F  a mapping file: JSON such as {"columns": {"Preis": "price"}, "decimalMark": ","}
  --preset P   read the file as ${Object.keys(IMPORT_PRESETS).join(', ')} writes it, or none
  --decimal-mark M   , or . for prices that could be read two ways (1,250)
  --status-word W=S  what a status word means: available, pending, sold or skip (repeatable)
  --leave-out NAME   a row not to import, by its name, e.g. a gift card (repeatable)
  --encoding E ${TEXT_ENCODINGS.join(', ')} (default: detected)
  --sheet S    the sheet of a workbook (default: the first)`

type ChoiceValues = { [K in keyof typeof CHOICE_OPTIONS]?: (typeof CHOICE_OPTIONS)[K] extends { multiple: true } ? string[] : string }

async function mappingFile(file: string): Promise<ImportChoices> {
  let value: unknown
  try {
    value = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
    throw new UsageError(`cannot read the mapping file ${file}: ${reason}`)
  }
  const checked = checkImportChoices(value)
  if (!checked.ok) throw new UsageError(`the mapping file ${file}: ${checked.errors.join('; ')}`)
  return checked.value
}

function statusWords(pairs: string[]): Record<string, StatusWordTarget> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.lastIndexOf('=')
      const target = pair.slice(at + 1).trim() as StatusWordTarget
      if (at <= 0 || !STATUS_WORD_TARGETS.includes(target)) {
        throw new UsageError(`--status-word takes WORD=${STATUS_WORD_TARGETS.join('|')}, e.g. reserviert=pending; got "${pair}"`)
      }
      return [pair.slice(0, at).trim(), target]
    })
  )
}

/** The choices the options make (a mapping file first, the other options over it); checked as the API checks them. */
export async function readChoices(values: ChoiceValues): Promise<ImportChoices> {
  const choices: Record<string, unknown> = values.mapping ? { ...(await mappingFile(values.mapping)) } : {}
  if (values.map !== undefined) {
    const map = parseColumnMap(values.map)
    if (!map.ok) throw new UsageError(`--map: ${map.error}`)
    choices.columns = { ...(choices.columns as object), ...map.columns }
  }
  if (values.preset !== undefined) choices.preset = values.preset
  if (values['decimal-mark'] !== undefined) choices.decimalMark = values['decimal-mark']
  if (values['status-word']) choices.statusWords = { ...(choices.statusWords as object), ...statusWords(values['status-word']) }
  if (values['leave-out']) choices.leaveOut = [...((choices.leaveOut as string[]) ?? []), ...values['leave-out']]
  if (values.encoding !== undefined) choices.encoding = values.encoding
  if (values.sheet !== undefined) choices.sheet = values.sheet
  const checked = checkImportChoices(choices)
  if (!checked.ok)
    throw new UsageError(
      checked.errors.map((error) => error.replace(/^(\w+)/, (field) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`)).join('; ')
    )
  return checked.value
}

/** True when the file's headings are Plant Store's own field names and nothing was left out: nothing worth saying. */
function plainMapping(mapping: ImportMappingReport): boolean {
  const own = mapping.columns.every((column) => column.target === 'skip' || column.heading.trim().toLowerCase() === column.target)
  return own && !mapping.remembered && mapping.nonPlants.length === 0 && mapping.leftOut === 0 && mapping.prices?.used !== ','
}

/** The mapping used, as lines for stderr: the preset, each imported column, the decimal mark, rows left out; nothing for a plain file. */
export function describeMapping(mapping: ImportMappingReport): string {
  if (plainMapping(mapping)) return ''
  const lines: string[] = []
  if (mapping.preset) lines.push(`This looks like a ${mapping.preset.name}.`)
  if (mapping.remembered) lines.push('Columns as at the last import of a file with these headings.')
  const imported = mapping.columns.filter((column) => column.target !== 'skip')
  lines.push(`Columns: ${imported.map((column) => `${column.heading} → ${COLUMN_TARGET_LABELS[column.target].toLowerCase()}`).join(', ')}`)
  const skipped = mapping.columns.length - imported.length
  if (skipped > 0) lines.push(`  (${skipped} other column${skipped === 1 ? '' : 's'} not imported)`)
  if (mapping.prices?.used) lines.push(`Prices read with "${mapping.prices.used}" as the decimal mark.`)
  for (const item of mapping.nonPlants) {
    lines.push(`"${item.name}" looks like ${item.reason}: ${item.leftOut ? 'left out' : `imported; add --leave-out "${item.name}" to leave it out`}.`)
  }
  if (mapping.moreNonPlants) lines.push(`${moreText(mapping.moreNonPlants, 'name')} that look like no plant.`)
  if (mapping.moreStatusWords) lines.push(`${moreText(mapping.moreStatusWords, 'status word')}.`)
  if (mapping.leftOut > 0) lines.push(`${mapping.leftOut} row${mapping.leftOut === 1 ? '' : 's'} left out (by status word or by name).`)
  return lines.map((line) => `${line}\n`).join('')
}
