import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LivePlants } from '#store/catalogue/live-plants'
import { toFullPlant, type StoredPlant } from '#store/catalogue/stored-plant'

/** A record; `priceCents` as a plain number, as a data file holds it. */
const record = (id: number, extra: Partial<Omit<StoredPlant, 'priceCents'>> & { priceCents?: number } = {}): StoredPlant => ({
  id,
  name: `p${id}`,
  tags: [],
  status: 'available',
  createdAt: 'a',
  updatedAt: 'a',
  version: 1,
  ...(extra as Partial<StoredPlant>)
})

/** The store's records and their readers' list, changed as PublishedCatalogue.publish() does. */
function catalogue(records: StoredPlant[]) {
  const live = new LivePlants()
  live.reset(records)
  const replace = (next: StoredPlant) => {
    const position = records.findIndex((r) => r.id === next.id)
    live.replaced(position === -1 ? undefined : records[position], next)
    if (position === -1) records.push(next)
    else records[position] = next
  }
  return { live, records, replace }
}

const expected = (records: readonly StoredPlant[]) => records.filter((r) => r.deletedAt === undefined).map(toFullPlant)

describe('LivePlants, what readers see', () => {
  it('keeps the list of a priced catalogue up to date in place: a saved change costs that change, not a pass over every plant', () => {
    const { live, records, replace } = catalogue(Array.from({ length: 1000 }, (_, i) => record(i + 1, { priceCents: 100 * i })))
    const list = live.plants(records)
    replace(record(500, { priceCents: 1, status: 'sold', version: 2 }))
    replace(record(1001, { priceCents: 5 }))
    expect(live.plants(records)).toBe(list)
    expect(list).toEqual(expected(records))
    expect(list[499]).toMatchObject({ id: 500, price: 0.01, status: 'sold' })
  })

  it('gives a reader still going through the old list (an export) a new list after a delete or a restore', () => {
    const { live, records, replace } = catalogue([record(1, { priceCents: 1 }), record(2), record(3)])
    const before = live.plants(records)
    replace(record(2, { deletedAt: '2026-01-01T00:00:00.000Z', version: 2 }))
    const afterDelete = live.plants(records)
    expect(afterDelete).not.toBe(before)
    expect(before.map((p) => p.id)).toEqual([1, 2, 3])
    expect(afterDelete.map((p) => p.id)).toEqual([1, 3])
    replace(record(2, { version: 3 }))
    expect(live.plants(records).map((p) => p.id)).toEqual([1, 2, 3])
    expect(live.deleted).toBe(0)
  })

  it('always equals the live records as full plants, whatever the changes (prices come and go, deletes, restores, adds)', () => {
    const change = fc.record({
      id: fc.integer({ min: 1, max: 30 }),
      price: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
      deleted: fc.boolean()
    })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.array(change, { maxLength: 60 }), (start, changes) => {
        const { live, records, replace } = catalogue(Array.from({ length: start }, (_, i) => record(i + 1)))
        for (const { id, price, deleted } of changes) {
          const known = records.find((r) => r.id === id)
          // New ids only above every id so far, as the store hands them out.
          const next = known ? id : (records.at(-1)?.id ?? 0) + 1
          replace(record(next, { ...(price === undefined ? {} : { priceCents: price }), ...(deleted ? { deletedAt: 'x' } : {}) }))
          live.plants(records) // a reader between changes, so the list is built and then followed
          expect(live.plants(records)).toEqual(expected(records))
          expect(live.deleted).toBe(records.filter((r) => r.deletedAt !== undefined).length)
        }
      })
    )
  })
})
