/**
 * What each column of a file becomes: the import's choice first, then a
 * remembered choice for this header shape, then the preset's table, then the
 * known headings; anything else is not imported.
 */
import type { ColumnMapping, ColumnTarget, ImportChoices } from '#shared/import-mapping'
import { fieldOfHeading, normalizeHeading } from './known-headings'
import { presetTarget, type Preset } from './presets'

/** One column's place in the file, target and preference among columns of the same field. */
export interface PlannedColumn {
  index: number
  heading: string
  target: ColumnTarget
  /** Lower is preferred when two columns fill one field (a preset's order; the first non-empty cell wins). */
  rank: number
  by: ColumnMapping['by']
}

/** A choice keyed by heading, found ignoring case and spaces around it. */
function chosenTarget(choices: ImportChoices | undefined, heading: string): ColumnTarget | undefined {
  if (!choices?.columns) return undefined
  const key = heading.trim().toLowerCase()
  // Own keys only: a heading such as "constructor" must not find Object.prototype's.
  return (
    Object.entries(choices.columns).find(([chosen]) => chosen === heading)?.[1] ??
    Object.entries(choices.columns).find(([chosen]) => chosen.trim().toLowerCase() === key)?.[1]
  )
}

/** Plans every column of `header`. `recalled` are the remembered choices of this header shape. */
export function planColumns(
  header: readonly string[],
  preset: Preset | undefined,
  choices: ImportChoices,
  recalled: ImportChoices | undefined
): PlannedColumn[] {
  return header.map((heading, index) => {
    const fromPreset = preset && presetTarget(preset, heading)
    // A preset's file holds many columns of its own: only its table maps them, not the generic headings ("ID", "Type").
    const field = preset ? undefined : fieldOfHeading(heading)
    const proposed: PlannedColumn = fromPreset
      ? { index, heading, target: fromPreset.target, rank: fromPreset.rank, by: 'preset' }
      : field
        ? { index, heading, target: field, rank: index, by: 'heading' }
        : { index, heading, target: 'skip', rank: index, by: 'none' }
    // A choice that repeats the proposal (the mapping step sends every column back) keeps the proposal's standing.
    const chosen = chosenTarget(choices, heading)
    if (chosen && chosen !== proposed.target) return { index, heading, target: chosen, rank: index, by: 'choice' }
    // Plant Store's own export says what its columns hold: no remembered mapping turns its price into stock.
    const remembered = fromPreset && preset.id === 'plant-store' ? undefined : chosenTarget(recalled, heading)
    if (remembered && remembered !== proposed.target) return { index, heading, target: remembered, rank: index, by: 'remembered' }
    return proposed
  })
}

/** The columns filling each field, preferred first. */
export function columnsByField(columns: readonly PlannedColumn[]): Map<ColumnTarget, PlannedColumn[]> {
  const byField = new Map<ColumnTarget, PlannedColumn[]>()
  for (const column of columns) {
    if (column.target === 'skip') continue
    byField.set(
      column.target,
      [...(byField.get(column.target) ?? []), column].sort((a, b) => a.rank - b.rank)
    )
  }
  return byField
}

/** A short, stable key of a header (its headings in order, compared normalised): the shape a mapping is remembered by. */
export function headerShape(header: readonly string[]): string {
  const text = header.map(normalizeHeading).join('\u001f')
  // FNV-1a, 32 bits: a key, not a secret; the column count guards against the rare collision of two shapes.
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0
  return `${header.length}-${hash.toString(16).padStart(8, '0')}`
}
