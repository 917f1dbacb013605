/**
 * An import never holds the server for long. The server reads and
 * plans a file in slices with a turn of the event loop between them; these
 * tests prove the sliced readers give exactly what the one-go readers give,
 * that other callbacks run during them, and that a change landing during an
 * import cannot make its plan wrong.
 */
import { describe, expect, it } from 'vitest'
import { planImport, planImportSliced } from '#transfer/import-plan'
import { parsePlantCsv, readPlantCsv } from '#transfer/plant-csv'
import { parsePlantJson, readPlantJson } from '#transfer/plant-json'
import { importText } from '#transfer/transfer'
import type { Plant } from '#shared/plant'
import { CatalogueChangedError } from '#store/errors'
import { ShopStore } from '#store/shop-store'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

/** `count` rows of accented names (two-byte characters fall across the 64 KiB slices), some with faults. */
function bigCsv(count: number, separator = ','): string {
  const lines = [`name${separator}category${separator}status`]
  for (let i = 0; i < count; i++) lines.push(`Fougère ${i}${separator}"Catégorie; ${i % 7}"${separator}${i % 997 === 5 ? 'Sould' : 'sold'}`)
  return '\uFEFF' + lines.join('\r\n') + '\n'
}

const CSV_SAMPLES = [
  '',
  'id,name\n1,Fern\n1,Fern again\n,\n',
  'Name;Status;Extra\nRose;sold;x\n\nLily;Sould;y;z\n',
  'name,status\n"Fern, ""Boston"",available\nRose,sold\n', // an unclosed quote: the file is not valid CSV
  'name,name\nRose,Rose\n',
  bigCsv(30_000),
  `name\n${'a'.repeat(65_530)}\u{1F33F}\n`, // an emoji's two halves fall on either side of the first 64 KiB slice
  bigCsv(5_000, ';')
]

const catalogue = new Map<number, Plant>([[1, { id: 1, name: 'Fern', tags: [], status: 'available' } as unknown as Plant]])
const lookup = (id: number) => catalogue.get(id)

/** Counts the turns of the event loop (setImmediate callbacks) that ran while `work` was running. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; result: T }> {
  let running = true
  let turns = 0
  const tick = () => {
    if (!running) return
    turns++
    setImmediate(tick)
  }
  setImmediate(tick)
  const result = await work()
  running = false
  return { turns, result }
}

describe('sliced import reading', () => {
  it('reads every CSV sample exactly as the one-go reader does, errors and row numbers included', async () => {
    for (const text of CSV_SAMPLES) {
      const sliced = await readPlantCsv(text)
      expect(sliced).toEqual(parsePlantCsv(text))
      expect(await planImportSliced(sliced, lookup)).toEqual(planImport(sliced, lookup))
    }
    expect((await readPlantCsv(CSV_SAMPLES[3]!)).errors[0]!.message).toContain('not valid CSV')
  })

  it('reads JSON exactly as the one-go reader does', async () => {
    const items = Array.from({ length: 9000 }, (_, i) => (i % 1000 === 3 ? '{"name": "A", "name": "B"}' : `{"name": "Rose ${i}", "x": 1}`))
    for (const text of ['[', '{"id":1}', '[{"Name": "Rose"}, 7, {"name": "Tulip"}]', `[${items.join(',')}]`]) {
      expect(await readPlantJson(text)).toEqual(parsePlantJson(text))
    }
  })

  it('lets other callbacks run many times while a large file is read and planned', async () => {
    const { turns, result } = await turnsDuring(async () => planImportSliced(await readPlantCsv(bigCsv(40_000)), lookup))
    expect(result.summary.added).toBeGreaterThan(39_000)
    // 40,000 rows of ~40 bytes are 25 slices of 64 KiB, then 20 slices of rows to map and 20 to plan.
    expect(turns).toBeGreaterThanOrEqual(40)
  })
})

describe('an import while the catalogue changes', () => {
  const withStore = async (test: (store: ShopStore) => Promise<void>) => {
    const { store } = await openTestStore()
    try {
      await store.add({ name: 'Fern', status: 'available' }, CLI_ACTOR)
      await test(store)
    } finally {
      await store.close()
    }
  }
  // Plant 1 first, then 20,000 plants to add: the import yields many times after it planned row 2.
  const file = ['id,name,status', '1,Fern,sold', ...Array.from({ length: 20_000 }, (_, i) => `,Rose ${i},available`)].join('\n')

  it('plans again when a change lands while it yields, so the catalogue ends as the file says', () =>
    withStore(async (store) => {
      let asked = false
      let renamed = false
      // Renames plant 1 as soon as the plan has read it (as "Fern"): the rename is saved while the plan yields.
      const get = store.get.bind(store)
      store.get = (id) => {
        if (id === 1 && !asked) void store.update({ id: 1, name: 'Rose' }, CLI_ACTOR).then(() => (renamed = true))
        if (id === 1) asked = true
        return get(id)
      }
      const outcome = await importText(store, 'csv', file, false, CLI_ACTOR)
      expect(renamed).toBe(true)
      expect(outcome.summary).toMatchObject({ updated: 1, added: 20_000, errors: [], applied: true })
      expect(store.get(1)).toMatchObject({ name: 'Fern', status: 'sold' })
      expect(outcome.summary.changes[0]).toMatchObject({ row: 2, id: 1, before: { name: 'Rose', status: 'available' } })
    }))

  it('refuses, changing nothing, when the catalogue keeps changing during every plan', () =>
    withStore(async (store) => {
      let importing = true
      const edits = (async () => {
        for (let i = 0; importing; i++) await store.update({ id: 1, name: `Edit ${i}` }, CLI_ACTOR)
      })()
      const size = store.size
      await expect(importText(store, 'csv', file, false, CLI_ACTOR)).rejects.toBeInstanceOf(CatalogueChangedError)
      importing = false
      await edits
      expect(store.size).toBe(size)
    }))
})
