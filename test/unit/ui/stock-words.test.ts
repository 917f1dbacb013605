import { describe, expect, it } from 'vitest'
import type { ChangeRecord } from '#shared/history'
import { describeWhat } from '#renderer/history-words'
import { describeMovement, stockCellText, stockText } from '#renderer/stock-words'

function movement(fields: Partial<ChangeRecord>): ChangeRecord {
  return { seq: 9, type: 'plant.updated', plantId: 7, at: '2026-11-24T10:00:00.000Z', by: 'till', ...fields }
}

describe('stock in shop words', () => {
  it('says how many are in stock, and nothing for a single plant', () => {
    expect(stockText({ quantity: 37 })).toBe('37 in stock')
    expect(stockText({ quantity: 1200 })).toBe('1,200 in stock')
    expect(stockText({ quantity: 0 })).toBe('None in stock')
    expect(stockText({})).toBe('')
    expect(stockCellText({ quantity: 3, reorderAt: 5 })).toBe('3 · low')
    expect(stockCellText({ quantity: 0 })).toBe('0 · low')
    expect(stockCellText({ quantity: 6, reorderAt: 5 })).toBe('6')
    expect(stockCellText({})).toBe('')
  })

  it('writes each movement as the till and the back room read it', () => {
    expect(describeMovement({ reason: 'sold', change: -1 }, 37, 36)).toBe('Sold 1 — 36 left')
    expect(describeMovement({ reason: 'sold', change: -2 }, 2, 0)).toBe('Sold 2 — none left')
    expect(describeMovement({ reason: 'written-off', change: -3, note: 'frost damage' }, 40, 37)).toBe('Written off 3: frost damage — 37 left')
    expect(describeMovement({ reason: 'written-off', change: -1 }, 1, 0)).toBe('Written off 1 — none left')
    expect(describeMovement({ reason: 'received', change: 40 }, 0, 40)).toBe('Received 40 — 40 in stock')
    expect(describeMovement({ reason: 'returned', change: 1 }, 36, 37)).toBe('Returned 1 — 37 in stock')
    expect(describeMovement({ reason: 'counted', change: -3 }, 40, 37)).toBe('Counted 37 (was 40)')
    expect(describeMovement({ reason: 'imported', change: 5 }, 0, 5)).toBe('Imported 5 in stock (was 0)')
  })

  it('puts the movement in the History line, and the status that followed it after', () => {
    const sold = movement({ changes: { quantity: { from: 37, to: 36 } }, stock: { reason: 'sold', change: -1 } })
    expect(describeWhat(sold)).toBe('Sold 1 — 36 left')
    const last = movement({
      changes: { quantity: { from: 1, to: 0 }, status: { from: 'available', to: 'sold' } },
      stock: { reason: 'sold', change: -1 }
    })
    expect(describeWhat(last)).toBe('Sold 1 — none left; status Available → Sold')
    const started = movement({ changes: { quantity: { from: null, to: 40 } }, stock: { reason: 'received', change: 40 } })
    expect(describeWhat(started)).toBe('Received 40 — 40 in stock')
    expect(describeWhat(movement({ changes: { reorderAt: { from: null, to: 5 } } }))).toBe('reorder level none → 5')
    expect(
      describeWhat({
        ...sold,
        type: 'plant.added',
        plant: { id: 7, tags: [], status: 'available', createdAt: '', updatedAt: '', version: 1, quantity: 40 }
      })
    ).toBe('added as Available, 40 in stock')
  })
})
