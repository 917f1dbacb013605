/**
 * The morning's export imported in the evening (a price edited in it) does not put back what changed since: a row of
 * a plant changed after the export is refused in words; rows of plants unchanged since import as usual.
 */
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { exportChunks, importText } from '#transfer/transfer'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

/** A store whose clock moves one minute per reading, so every change has its own updatedAt. */
async function shop() {
  let minute = 0
  const now = () => new Date(Date.UTC(2026, 10, 28, 9, minute++))
  const { store } = await openTestStore({ now })
  await store.applyBatch(
    {
      adds: [
        { name: 'Lavender', price: 5, quantity: 4 },
        { name: 'Fern', price: 3, quantity: 2 }
      ],
      updates: []
    },
    CLI_ACTOR
  )
  return store
}

const exportOf = (store: ShopStore, format: 'csv' | 'json') => [...exportChunks(store, format)].join('')

describe('an export imported after its plants changed', () => {
  it.each(['csv', 'json'] as const)('refuses, in words, a %s row whose plant changed since, changing nothing', async (format) => {
    const store = await shop()
    try {
      const morning = exportOf(store, format)
      await store.update({ id: 1, quantity: 1 }, CLI_ACTOR) // three pots sold during the day
      const edited = format === 'csv' ? morning.replace(',5.00,', ',5.50,') : morning.replace('"price":5', '"price":5.5')
      const outcome = await importText(store, format, edited, false, CLI_ACTOR)
      expect(outcome.rejected).toBe(true)
      expect(outcome.summary.errors).toEqual([
        {
          row: format === 'csv' ? 2 : 1,
          field: 'updatedAt',
          message: expect.stringMatching(
            /^plant 1 "Lavender" changed after this file was exported .*would set price 5 → 5.5, quantity 1 → 4: export again/
          )
        }
      ])
      expect(store.get(1)).toMatchObject({ quantity: 1, price: 5 })
    } finally {
      await store.close()
    }
  })

  it('imports the edit of a plant unchanged since, a row whose updatedAt cell was emptied on purpose, and one whose date a spreadsheet rewrote', async () => {
    const store = await shop()
    try {
      const morning = exportOf(store, 'csv')
      await store.update({ id: 1, quantity: 1 }, CLI_ACTOR)
      await store.update({ id: 2, reorderAt: 1 }, CLI_ACTOR)
      const lines = morning.split('\r\n')
      lines[1] = lines[1]!.replace(/,[^,]*$/, ',') // Lavender's updatedAt emptied: overwrite it
      // Fern's date as German Excel saves it: no exact time to compare, so the row is taken as it is.
      lines[2] = lines[2]!.replace(',3.00,', ',3.50,').replace(/,[^,]*$/, ',28.11.2026 10:01')
      const outcome = await importText(store, 'csv', lines.join('\r\n'), false, CLI_ACTOR)
      expect(outcome.summary.errors).toEqual([])
      expect(store.get(2)).toMatchObject({ price: 3.5, quantity: 2, reorderAt: 1 })
      expect(store.get(1)).toMatchObject({ quantity: 4 })
    } finally {
      await store.close()
    }
  })
})
