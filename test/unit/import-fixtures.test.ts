/**
 * Files a shop brings, with the real column layouts of other systems' exports and of European Excel sheets
 * (test/fixtures/import/): each imports with no hand edit, and every imported field is checked.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ImportChoices } from '#shared/import-mapping'
import type { NewPlant } from '#shared/plant'
import { readImportNow } from '#transfer/import-file'
import { planImport } from '#transfer/import-plan'
import { IMPORTED_COLUMN_NAMES } from '#transfer/plant-columns'

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../fixtures/import', name)))
/** Quantities come in once the catalogue keeps stock; until then the column is reported and left out. */
const stock = (quantity: number) => (IMPORTED_COLUMN_NAMES.includes('quantity') ? { quantity } : {})

function importOf(name: string, choices: ImportChoices = {}) {
  const read = readImportNow({ format: 'csv', bytes: fixture(name), choices })
  const plan = planImport(read.file, () => undefined)
  // The note that stock is not kept goes once stock is.
  const warnings = plan.summary.warnings.filter((warning) => !warning.includes('holds quantities in stock'))
  return { plan, warnings, mapping: read.mapping!, added: plan.adds as NewPlant[] }
}

describe('other systems’ exports import with no hand edit', () => {
  it('Shopify: the preset is named, variants become lines named after product and option, drafts and archived stay out, the gift card is listed', () => {
    const { plan, warnings, mapping, added } = importOf('shopify-products.csv')
    expect(mapping.preset).toEqual({ id: 'shopify', name: 'Shopify product export' })
    expect(mapping.columns.filter((column) => column.target !== 'skip').map((column) => [column.heading, column.target])).toEqual(
      [
        ['Product Category', 'category'],
        ['Type', 'category'],
        ['Tags', 'tags'],
        ['Title', 'name'],
        ['Variant Inventory Qty', 'quantity'],
        ['Variant Price', 'price'],
        ['Status', 'status']
      ].sort((a, b) => mapping.columns.findIndex((c) => c.heading === a[0]) - mapping.columns.findIndex((c) => c.heading === b[0]))
    )
    expect(mapping.statusWords).toEqual([
      { word: 'active', rows: 4, target: 'available' },
      { word: 'draft', rows: 1, target: 'skip' },
      { word: 'archived', rows: 1, target: 'skip' }
    ])
    expect(mapping.nonPlants).toEqual([{ name: 'Gift Card — €25', rows: [8], reason: 'a gift card', leftOut: false }])
    expect(mapping.leftOut).toBe(2)
    expect(mapping.prices).toMatchObject({ detected: '.', used: '.', mustChoose: false })
    expect(plan.summary.errors).toEqual([])
    expect(warnings).toEqual(['1 row was skipped: an extra image of a product'])
    expect(added).toEqual([
      { name: 'Lavender — 2 L', category: 'Shrubs', tags: ['outdoor', 'sun', 'scented'], status: 'available', price: 8.9, ...stock(14) },
      { name: 'Lavender — 5 L', category: 'Shrubs', tags: ['outdoor', 'sun', 'scented'], status: 'available', price: 19.5, ...stock(3) },
      { name: 'Monstera deliciosa', category: 'Indoor Plants', tags: ['indoor', 'shade'], status: 'available', price: 1250, ...stock(2) },
      { name: 'Gift Card — €25', category: 'Gift card', tags: [], status: 'available', price: 25 }
    ])
    // The mapping step sends the choices in effect back: they read the same, with no column "chosen twice".
    const echoed = importOf('shopify-products.csv', mapping.choices)
    expect(echoed.plan.summary.errors).toEqual([])
    expect(echoed.added).toEqual(added)
    // Left out when chosen, and drafts brought in when their word is mapped.
    const chosen = importOf('shopify-products.csv', { leaveOut: ['Gift Card — €25'], statusWords: { draft: 'available' } })
    expect(chosen.added.map((plant) => plant.name)).toEqual(['Lavender — 2 L', 'Lavender — 5 L', 'Monstera deliciosa', 'Olive tree'])
    expect(chosen.mapping.nonPlants[0]!.leftOut).toBe(true)
  })

  it('Square: item and variation names, £ prices with thousands, archived items out, the gift card listed', () => {
    const { plan, mapping, added } = importOf('square-item-library.csv')
    expect(mapping.preset?.name).toBe('Square item library')
    expect(plan.summary.errors).toEqual([])
    expect(mapping.nonPlants).toEqual([{ name: 'Gift card', rows: [5], reason: 'not a physical item', leftOut: false }])
    expect(added).toEqual([
      { name: 'Olive tree', category: 'Trees', status: 'available', price: 65, ...stock(4) },
      { name: 'Japanese maple — Small', category: 'Trees', status: 'available', price: 45, ...stock(6) },
      { name: 'Japanese maple — Large', category: 'Trees', status: 'available', price: 1250, ...stock(1) },
      { name: 'Gift card', status: 'available', price: 20 }
    ])
    expect(mapping.leftOut).toBe(1) // the archived compost
  })

  it('Loyverse: the store’s price and stock columns, variants by option, items not for sale left out', () => {
    const { plan, mapping, added } = importOf('loyverse-items.csv')
    expect(mapping.preset?.name).toBe('Loyverse items export')
    expect(plan.summary.errors).toEqual([])
    expect(added).toEqual([
      { name: 'Snake plant', category: 'Succulents', status: 'available', price: 14.9, ...stock(9) },
      { name: 'Rose — Red', category: 'Shrubs', status: 'available', price: 7.5, ...stock(20) },
      { name: 'Rose — White', category: 'Shrubs', status: 'available', price: 7.5, ...stock(11) }
    ])
    expect(mapping.leftOut).toBe(1)
  })

  it('WooCommerce: its own ids are not ours, variations named (an unnamed one after its parent), the variable parent skipped', () => {
    const { plan, warnings, mapping, added } = importOf('woocommerce-products.csv')
    expect(mapping.preset?.name).toBe('WooCommerce products export')
    expect(mapping.columns.find((column) => column.heading === 'ID')?.target).toBe('skip')
    expect(plan.summary.errors).toEqual([])
    expect(warnings).toEqual(['1 row was skipped: a product whose variations are imported'])
    expect(added).toEqual([
      { name: 'Fiddle-leaf fig', category: 'Indoor', tags: ['indoor', 'bright'], status: 'available', price: 39, ...stock(3) },
      { name: 'Hydrangea - Blue', tags: [], status: 'available', price: 24.5, ...stock(5) },
      { name: 'Hydrangea — Pink', tags: [], status: 'sold', price: 24.5, ...stock(0) },
      { name: 'Bonsai juniper', category: 'Indoor', tags: [], status: 'pending', price: 59 }
    ])
  })
})

describe('a shop’s own Excel sheets, as German, French and Dutch Excel save them', () => {
  const german = [
    { name: 'Glücksfeder', category: 'Zimmerpflanzen', tags: ['pflegeleicht', 'Schatten'], status: 'available', price: 6.9, ...stock(12) },
    { name: 'Olivenbaum groß', category: 'Kübelpflanzen', tags: [], status: 'pending', price: 1249, ...stock(1) },
    { name: 'Efeutute', category: 'Zimmerpflanzen', tags: ['hängend'], status: 'sold', price: 12, ...stock(0) }
  ]

  it('German, Windows-1252 with semicolons and decimal commas', () => {
    const { plan, mapping, added } = importOf('de-excel-windows-1252.csv')
    expect(mapping).toMatchObject({ encoding: 'windows-1252', delimiter: ';', preset: null })
    expect(mapping.columns.map((column) => column.target)).toEqual(['name', 'category', 'tags', 'price', 'quantity', 'status'])
    expect(mapping.prices).toMatchObject({ detected: ',', used: ',' })
    expect(plan.summary.errors).toEqual([])
    expect(added).toEqual(german)
  })

  it('German, UTF-16 "Unicode text" (tab-separated, with a byte-order mark)', () => {
    const { plan, mapping, added } = importOf('de-excel-utf16.txt')
    expect(mapping).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' })
    expect(plan.summary.errors).toEqual([])
    expect(added).toEqual(german)
  })

  it('French, Windows-1252', () => {
    const { plan, mapping, added } = importOf('fr-excel-windows-1252.csv')
    expect(mapping.encoding).toBe('windows-1252')
    expect(plan.summary.errors).toEqual([])
    expect(added).toEqual([
      { name: 'Ficus élastique', category: 'Plantes d’intérieur', status: 'available', price: 24.9, ...stock(4) },
      { name: 'Rosier grimpant', category: 'Extérieur', status: 'pending', price: 1249, ...stock(2) },
      { name: 'Cactus cierge', category: 'Cactées', status: 'sold', price: 12, ...stock(0) }
    ])
  })

  it('Dutch, UTF-8 with a byte-order mark', () => {
    const { plan, mapping, added } = importOf('nl-excel-utf8-bom.csv')
    expect(mapping.encoding).toBe('utf-8')
    expect(plan.summary.errors).toEqual([])
    expect(added).toEqual([
      { name: 'Vetplant', category: 'Binnen', status: 'available', price: 3.5, ...stock(30) },
      { name: 'Klimop', category: 'Buiten', status: 'pending', price: 7.25, ...stock(8) },
      { name: 'Bonsai', category: 'Binnen', status: 'sold', price: 1250, ...stock(0) }
    ])
  })
})

describe('questions the file leaves open are asked, not guessed', () => {
  const text = (csv: string) => new TextEncoder().encode(csv)

  it('asks for the decimal mark of a column of only 1,250-like prices, once', () => {
    const read = readImportNow({ format: 'csv', bytes: text('Name,Price\nA,"1,250"\nB,"2,500"\n') })
    expect(read.mapping!.prices).toMatchObject({ detected: null, used: null, mustChoose: true })
    expect(read.file.errors).toEqual([{ row: 1, field: 'price', message: expect.stringContaining('choose the decimal mark') }])
    const chosen = readImportNow({ format: 'csv', bytes: text('Name,Price\nA,"1,250"\nB,"2,500"\n'), choices: { decimalMark: '.' } })
    expect(chosen.file.rows.map((row) => row.fields.price)).toEqual([1250, 2500])
  })

  it('shows an unknown status word once, with its rows, and takes the chosen meaning', () => {
    const csv = 'Name,Status\nA,Ausverkauft?\nB,verfügbar\nC,Ausverkauft?\n'
    const read = readImportNow({ format: 'csv', bytes: text(csv) })
    expect(read.mapping!.statusWords).toEqual([
      { word: 'Ausverkauft?', rows: 2, target: null },
      { word: 'verfügbar', rows: 1, target: 'available' }
    ])
    expect(read.file.errors).toEqual([{ row: 2, field: 'status', message: expect.stringContaining('"Ausverkauft?" (rows 2, 4) is not known') }])
    const chosen = readImportNow({ format: 'csv', bytes: text(csv), choices: { statusWords: { 'ausverkauft?': 'sold' } } })
    expect(chosen.file.errors).toEqual([])
    expect(chosen.file.rows.map((row) => row.fields.status)).toEqual(['sold', 'available', 'sold'])
  })

  it('maps columns by --map-style choices and remembers nothing it was not told', () => {
    const csv = 'Pflanze X,Kosten\nFarn,"3,50"\n'
    const read = readImportNow({ format: 'csv', bytes: text(csv), choices: { columns: { 'Pflanze X': 'name', Kosten: 'price' } } })
    expect(read.file.rows).toEqual([{ row: 2, fields: { name: 'Farn', price: 3.5 } }])
    expect(read.mapping!.columns.map((column) => column.by)).toEqual(['choice', 'choice'])
  })

  it('takes the remembered choices of the same header shape', () => {
    const csv = 'Pflanze X,Kosten\nFarn,"3,50"\n'
    const first = readImportNow({ format: 'csv', bytes: text(csv), choices: { columns: { 'Pflanze X': 'name', Kosten: 'price' } } })
    const again = readImportNow({ format: 'csv', bytes: text(csv), remembered: { [first.mapping!.shape]: first.mapping!.choices } })
    expect(again.mapping).toMatchObject({ remembered: true })
    expect(again.file.rows).toEqual(first.file.rows)
  })
})
