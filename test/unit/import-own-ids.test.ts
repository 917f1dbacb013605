/**
 * A shop's own sheet with an "ID" column (its own article numbers) is not taken as Plant Store's ids, and a row that
 * renames a plant says so; the --map option names any field in any case.
 */
import { describe, expect, it } from 'vitest'
import { parseColumnMap, type ImportChoices } from '#shared/import-mapping'
import type { Plant } from '#shared/plant'
import { planFile, planText } from '#transfer/transfer'

const at = '2026-11-28T09:00:00.000Z'
const catalogue: Plant[] = [
  { id: 1, name: 'Lavender', tags: [], status: 'available', price: 5, createdAt: at, updatedAt: at, version: 1 },
  { id: 2, name: 'Boxwood', tags: [], status: 'available', price: 9, createdAt: at, updatedAt: at, version: 1 }
]
const lookup = (id: number) => catalogue.find((plant) => plant.id === id)

describe("an id column in a shop's own sheet", () => {
  it('is not imported by default: its rows add plants and rename nothing', () => {
    const plan = planText('csv', 'ID;Bezeichnung;Preis\n1;Buchsbaum;12,00\n2;Efeu;4,00\n', lookup)
    expect(plan.summary.mapping!.columns.find((column) => column.heading === 'ID')!.target).toBe('skip')
    expect(plan.updates).toEqual([])
    expect(plan.adds.map((plant) => plant.name)).toEqual(['Buchsbaum', 'Efeu'])
    expect(plan.summary.warnings.join('\n')).toContain('"ID"')
  })

  it("is Plant Store's id in Plant Store's own export (whose low-stock level comes back too)", () => {
    const text = 'id,name,category,tags,status,price,quantity,reorderAt,createdAt,updatedAt\n1,Lavender,,,available,5.50,,3,,\n'
    const plan = planText('csv', text, lookup)
    expect(plan.updates).toEqual([{ id: 1, price: 5.5, reorderAt: 3 }])
    expect(plan.summary.warnings).toEqual([])
  })

  it('when chosen as the id, a row that renames a plant is said aloud', () => {
    const mapped = planFileWith('ID;Bezeichnung;Preis\n1;Buchsbaum;12,00\n2;Boxwood;9,00\n', { columns: { ID: 'id' } })
    expect(mapped.updates).toEqual([{ id: 1, name: 'Buchsbaum', price: 12 }])
    expect(mapped.summary.warnings).toContainEqual(expect.stringContaining('row 2 renames plant 1 "Lavender" to "Buchsbaum"'))
    expect(mapped.summary.warnings.filter((warning) => warning.includes('renames'))).toHaveLength(1)
  })
})

describe('--map', () => {
  it('names a field in any case: reorderAt, reorderat and REORDERAT are the low-stock level', () => {
    for (const spelling of ['reorderAt', 'reorderat', 'REORDERAT']) {
      expect(parseColumnMap(`Min=${spelling}`)).toEqual({ ok: true, columns: { Min: 'reorderAt' } })
    }
    expect(parseColumnMap('Kosten=cost')).toEqual({ ok: false, error: expect.stringContaining('"cost" in "Kosten=cost" is not a field') })
  })
})

function planFileWith(text: string, choices: ImportChoices) {
  return planFile({ format: 'csv', bytes: new TextEncoder().encode(text), choices }, lookup)
}
