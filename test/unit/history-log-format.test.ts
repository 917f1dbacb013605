import { describe, expect, it } from 'vitest'
import type { Plant } from '#shared/plant'
import { historyEntryOf, toChangeRecord } from '#store/history/history-entry'
import { readJournal } from '#store/journal/journal'
import { DataFileError } from '#store/file/data-file'

const AT = '2026-11-24T14:02:00.000Z'
const UI = { by: 'ui' }
const olive: Plant = { id: 7, name: 'Olive tree', category: 'Trees', tags: ['big'], status: 'available', createdAt: AT, updatedAt: AT, version: 1 }

describe('a change log entry', () => {
  it('of an add carries the whole plant and no changes', () => {
    expect(historyEntryOf(1, 'plant.added', UI, AT, undefined, olive)).toEqual({
      seq: 1,
      type: 'plant.added',
      plantId: 7,
      at: AT,
      by: 'ui',
      plant: olive
    })
  })

  it('of an update lists only the fields that changed, from and to, null for an absent value', () => {
    const after = {
      ...olive,
      status: 'sold' as const,
      tags: ['big'],
      name: undefined,
      price: 12.5,
      version: 2,
      updatedAt: '2026-11-24T15:00:00.000Z'
    }
    const entry = historyEntryOf(2, 'plant.updated', { by: 'till' }, AT, olive, after as Plant)
    expect(entry.changes).toEqual({
      status: { from: 'available', to: 'sold' },
      name: { from: 'Olive tree', to: null },
      price: { from: null, to: 12.5 }
    })
    expect(entry.plant).toBeUndefined()
  })

  it("keeps the sale's category and price for the report, and serves without them", () => {
    const sold = { ...olive, status: 'sold' as const, price: 10, version: 2 }
    const entry = historyEntryOf(3, 'plant.updated', UI, AT, olive, sold)
    expect(entry.sale).toEqual({ category: 'Trees', price: 10 })
    expect(toChangeRecord(entry)).not.toHaveProperty('sale')
    const returned = historyEntryOf(4, 'plant.updated', UI, AT, sold, { ...sold, status: 'available', version: 3 })
    expect(returned.sale).toEqual({ category: 'Trees', price: 10 })
    expect(historyEntryOf(5, 'plant.updated', UI, AT, olive, { ...olive, name: 'Olea', version: 2 }).sale).toBeUndefined()
  })

  it('of a delete carries nothing more; of a restore, the plant', () => {
    expect(historyEntryOf(6, 'plant.deleted', UI, AT, olive, olive)).toEqual({ seq: 6, type: 'plant.deleted', plantId: 7, at: AT, by: 'ui' })
    expect(historyEntryOf(7, 'plant.restored', UI, AT, olive, olive).plant).toEqual(olive)
  })

  it('names the staff member at the till beside `by` when there is one', () => {
    expect(historyEntryOf(8, 'plant.deleted', { by: 'ui', staff: 'Anna' }, AT, olive, olive)).toEqual({
      seq: 8,
      type: 'plant.deleted',
      plantId: 7,
      at: AT,
      by: 'ui',
      staff: 'Anna'
    })
  })
})

describe('a journal line with change log entries', () => {
  const line = (history: unknown) => JSON.stringify({ nextId: 8, plants: [olive], history }) + '\n'

  it('is read back with its entries', () => {
    const entry = historyEntryOf(1, 'plant.added', UI, AT, undefined, olive)
    expect(readJournal('j', line([entry])).entries[0]!.history).toEqual([entry])
  })

  it.each([
    [
      'a seq that does not increase',
      [historyEntryOf(2, 'plant.added', UI, AT, undefined, olive), historyEntryOf(2, 'plant.added', UI, AT, undefined, olive)]
    ],
    ['an unknown type', [{ seq: 1, type: 'plant.sold', plantId: 7, at: AT, by: 'ui' }]],
    ['a missing by', [{ seq: 1, type: 'plant.added', plantId: 7, at: AT }]],
    ['a time that is not ISO 8601', [{ seq: 1, type: 'plant.added', plantId: 7, at: 'yesterday', by: 'ui' }]]
  ])('is damage with %s', (_what, history) => {
    expect(() => readJournal('j', line(history))).toThrow(DataFileError)
  })
})
