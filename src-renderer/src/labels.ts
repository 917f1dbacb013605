/**
 * Plant labels: the QR code a label carries (`PS-<id>`, drawn as an SVG path
 * by src-shared/qr-path.ts) and how labels fill the pages of
 * the two layouts: an A4 sheet of 3 × 8 labels of 70 × 37 mm, or one 62 × 29 mm
 * label per page for a roll label printer.
 */
import type { Plant } from '#shared/plant'
import type { PrintLayout } from '#shared/print-layouts'
import { codeOf } from '#renderer/composables/useScanToSell'

/** The label layouts: their paper sizes are in the print layouts the desktop app prints with. */
export type LabelLayout = Extract<PrintLayout, 'sheet' | 'roll'>

export interface LayoutInfo {
  name: string
  /** Labels per printed page. */
  perPage: number
}

export const LABEL_LAYOUTS: Record<LabelLayout, LayoutInfo> = {
  sheet: { name: 'A4 sheet, 3 × 8 labels of 70 × 37 mm', perPage: 24 },
  roll: { name: 'Single label, 62 × 29 mm (roll printer)', perPage: 1 }
}

export const MAX_COPIES = 100

/** The most labels one plant line gets when printing one per pot in stock. */
export const MAX_POT_LABELS = 1000

/** One label to print: the plant and its code. */
export interface PlantLabel {
  /** Unique within the print job (a plant printed three times has three labels). */
  key: string
  code: string
  plant: Plant
}

/**
 * Each plant `copies` times, copies side by side (they go on the same pot tray); with `'per-pot'`, a line kept in stock
 * gets one label per pot on hand (at most {@link MAX_POT_LABELS}; none at 0) and a single plant one.
 */
export function labelsFor(plants: readonly Plant[], copies: number | 'per-pot'): PlantLabel[] {
  const countOf = (plant: Plant) =>
    copies === 'per-pot' ? Math.min(MAX_POT_LABELS, plant.quantity ?? 1) : Math.min(MAX_COPIES, Math.max(1, Math.floor(copies)))
  return plants.flatMap((plant) =>
    Array.from({ length: countOf(plant) }, (_, copy) => ({ key: `${plant.id}-${copy}`, code: codeOf(plant.id), plant }))
  )
}

/** The labels cut into pages of the layout. */
export function paginate<T>(labels: readonly T[], layout: LabelLayout): T[][] {
  const size = LABEL_LAYOUTS[layout].perPage
  const pages: T[][] = []
  for (let start = 0; start < labels.length; start += size) pages.push(labels.slice(start, start + size))
  return pages
}

export { qrPath, type QrPath } from '#shared/qr-path'
