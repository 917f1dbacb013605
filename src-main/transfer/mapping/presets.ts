/**
 * Exports of other systems, recognised from the header alone: which of their
 * columns fill which field, what their status words mean, how their variant
 * rows are named, and which of their rows are no plant. The column layouts are
 * those of the systems' own exports (docs/import-export.md names the sources).
 */
import type { ColumnTarget, PresetId, StatusWordTarget } from '#shared/import-mapping'
import { normalizeHeading } from './known-headings'

/** One system's export. Headings are compared normalised ({@link normalizeHeading}). */
export interface Preset {
  id: PresetId
  /** Headings that are all in the header of this system's export. */
  signature: string[]
  /** Heading (or pattern) → target, in order of preference when two columns fill one field (the first non-empty wins). */
  columns: [string | RegExp, ColumnTarget][]
  /** Words of its status column. */
  statusWords?: Record<string, StatusWordTarget>
  /** The heading whose equal values tie a product's variant rows to its first row, which holds the product's fields. */
  productKey?: string
  /** Columns whose values name a variant, values that name none, and whether a row's own name already says it. */
  options?: { columns: RegExp; none: string[]; onlyForUnnamedRows?: boolean }
  /** A column naming the row's parent product (`id:12` or its SKU), whose name an unnamed variation takes. */
  parent?: string
  /** A column whose value says the row is no plant, and the reason shown. */
  notAPlant?: { column: string; values: string[]; reason: string }
  /** A row that is neither a plant nor a variant (an extra image of a product): skipped with its reason. */
  skipRow?: (cell: (heading: string) => string) => string | undefined
  /** A category cell may list several (`Plants > Indoor, Gifts`): the first is taken. */
  firstCategory?: boolean
}

const PRESETS: Preset[] = [
  {
    id: 'plant-store',
    signature: ['id', 'name', 'status', 'createdat', 'updatedat'],
    columns: [
      ['id', 'id'],
      ['name', 'name'],
      ['category', 'category'],
      ['tags', 'tags'],
      ['status', 'status'],
      ['price', 'price'],
      ['quantity', 'quantity'],
      ['reorderat', 'reorderAt'],
      ['createdat', 'skip'],
      ['updatedat', 'skip']
    ]
  },
  {
    id: 'shopify',
    signature: ['handle', 'title', 'variant price'],
    columns: [
      ['title', 'name'],
      ['type', 'category'],
      ['product category', 'category'],
      ['tags', 'tags'],
      ['status', 'status'],
      ['variant price', 'price'],
      ['variant inventory qty', 'quantity']
    ],
    statusWords: { active: 'available', draft: 'skip', archived: 'skip' },
    productKey: 'handle',
    options: { columns: /^option[123] value$/, none: ['default title'] },
    notAPlant: { column: 'gift card', values: ['true'], reason: 'a gift card' },
    // A row with only the handle and an image is an extra picture of the product above it.
    skipRow: (cell) =>
      cell('title') === '' && cell('variant price') === '' && cell('variant sku') === '' && cell('option1 value') === ''
        ? 'an extra image of a product'
        : undefined
  },
  {
    id: 'square',
    signature: ['token', 'item name', 'variation name'],
    columns: [
      ['item name', 'name'],
      ['category', 'category'],
      ['categories', 'category'],
      ['reporting category', 'category'],
      ['price', 'price'],
      [/^price /, 'price'],
      [/^current quantity/, 'quantity'],
      ['archived', 'status']
    ],
    statusWords: { n: 'available', y: 'skip' },
    options: { columns: /^variation name$/, none: ['regular', ''] },
    notAPlant: { column: 'item type', values: ['gift card', 'service', 'donation', 'event', 'membership', 'class'], reason: 'not a physical item' }
  },
  {
    id: 'loyverse',
    signature: ['handle', 'name', 'sold by weight'],
    columns: [
      ['name', 'name'],
      ['category', 'category'],
      // "Price [Main store]": the store's name in brackets is dropped when headings are compared.
      ['price', 'price'],
      ['in stock', 'quantity'],
      ['available for sale', 'status']
    ],
    statusWords: { y: 'available', n: 'skip' },
    productKey: 'handle',
    options: { columns: /^option [123] value$/, none: [] }
  },
  {
    id: 'woocommerce',
    signature: ['id', 'type', 'sku', 'name', 'regular price'],
    columns: [
      ['name', 'name'],
      ['categories', 'category'],
      ['tags', 'tags'],
      ['regular price', 'price'],
      ['stock', 'quantity'],
      ['in stock?', 'status']
    ],
    statusWords: { '1': 'available', '0': 'sold', backorder: 'pending' },
    // A variation's own name is "Lavender - 2 L" already; one without a name takes its parent's and its attributes.
    options: { columns: /^attribute \d+ value$/, none: [], onlyForUnnamedRows: true },
    parent: 'parent',
    notAPlant: { column: 'type', values: ['external', 'grouped'], reason: 'not sold here (external or grouped product)' },
    // A variable product's own row is its parent: its variations are the plants.
    skipRow: (cell) => (cell('type') === 'variable' ? 'a product whose variations are imported' : undefined),
    firstCategory: true
  }
]

/** The preset named `id`. */
export function presetNamed(id: PresetId): Preset {
  return PRESETS.find((preset) => preset.id === id)!
}

/** The system that wrote a file with `header`, when its signature headings are all there. */
export function recognisePreset(header: readonly string[]): Preset | undefined {
  const headings = new Set(header.map(normalizeHeading))
  return PRESETS.find((preset) => preset.signature.every((heading) => headings.has(heading)))
}

/** The target a preset gives `heading`, and its rank among columns of the same field (lower is preferred). */
export function presetTarget(preset: Preset, heading: string): { target: ColumnTarget; rank: number } | undefined {
  const key = normalizeHeading(heading)
  const rank = preset.columns.findIndex(([pattern]) => (typeof pattern === 'string' ? pattern === key : pattern.test(key)))
  return rank === -1 ? undefined : { target: preset.columns[rank]![1], rank }
}
