import { describe, expect, it } from 'vitest'
import type { ChangeRecord } from '#shared/history'
import { describeChanges, describeValue, describeWhat, describeWhen, describeWho, historyLine } from '#renderer/history-words'

/** Local times, so the expectations hold in any time zone. */
const now = new Date(2026, 10, 24, 16, 30) // Tue 24 Nov 2026
const local = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString()

function record(fields: Partial<ChangeRecord>): ChangeRecord {
  return { seq: 1, type: 'plant.updated', plantId: 7, at: local(2026, 10, 21, 14, 2), by: 'till', ...fields }
}

describe('history in shop words', () => {
  it('writes a status change as the till reads it: "Sat 14:02 — status Available → Sold, by till"', () => {
    const line = historyLine(record({ changes: { status: { from: 'available', to: 'sold' } } }), now)
    expect(line.text).toBe('Sat 14:02 — status Available → Sold, by till')
    expect(line).toMatchObject({ seq: 1, when: 'Sat 14:02', what: 'status Available → Sold', by: 'till' })
    expect(line.exact).toContain('2026')
  })

  it('names the weekday within the last week, the date before, and the year only when it is another', () => {
    expect(describeWhen(local(2026, 10, 24, 9, 5), now)).toBe('Tue 09:05')
    expect(describeWhen(local(2026, 10, 18, 0, 0), now)).toBe('Wed 00:00')
    expect(describeWhen(local(2026, 10, 17, 23, 59), now)).toBe('17 Nov 23:59')
    expect(describeWhen(local(2025, 2, 3, 8, 0), now)).toBe('3 Mar 2025 08:00')
    expect(describeWhen('not a date', now)).toBe('not a date')
  })

  it('says who: a token by its name, ui, cli and import in words', () => {
    expect(describeWho('till')).toBe('till')
    expect(describeWho('ui')).toBe('the staff app')
    expect(describeWho('cli')).toBe('the command line')
    expect(describeWho('import')).toBe('an import')
  })

  it('says the staff member at the till: by Anna at the till, by Max, an import', () => {
    expect(describeWho('ui', 'Anna')).toBe('Anna')
    expect(describeWho('import', 'Max')).toBe('Max, an import')
  })

  it('puts status and price first, quotes names, and shows nothing as none', () => {
    const text = describeChanges({
      category: { from: 'Ferns', to: undefined },
      name: { from: 'Fern', to: 'Boston fern' },
      price: { from: 12.5, to: 10 },
      status: { from: 'sold', to: 'available' }
    })
    expect(text).toBe('status Sold → Available; price 12.50 → 10.00; name “Fern” → “Boston fern”; category Ferns → none')
    expect(describeValue('price', null)).toBe('none')
    expect(describeValue('category', '')).toBe('none')
  })

  it('writes tags as what was added and removed', () => {
    expect(describeChanges({ tags: { from: ['indoor', 'shade'], to: ['indoor', 'sun'] } })).toBe('tags +sun −shade')
    expect(describeChanges({ tags: { from: ['a', 'b'], to: ['b', 'a'] } })).toBe('tags reordered')
    expect(describeChanges({ tags: { from: [], to: ['new'] } })).toBe('tags +new')
  })

  it('keeps a field it does not know, after the known ones', () => {
    expect(describeChanges({ potSize: { from: 12, to: 14 }, status: { from: 'available', to: 'pending' } })).toBe(
      'status Available → Pending; potSize 12 → 14'
    )
    expect(describeChanges({})).toBe('saved without changes')
  })

  it('describes adds, deletes and restores', () => {
    const plant = { id: 7, name: 'Fern', tags: [], status: 'pending' as const, createdAt: '', updatedAt: '', version: 1 }
    expect(describeWhat(record({ type: 'plant.added', plant }))).toBe('added as Pending')
    expect(describeWhat(record({ type: 'plant.added' }))).toBe('added')
    expect(describeWhat(record({ type: 'plant.deleted' }))).toBe('deleted')
    expect(describeWhat(record({ type: 'plant.restored', plant: { ...plant, status: 'available' } }))).toBe('restored as Available')
    expect(historyLine(record({ type: 'plant.deleted', by: 'ui' }), now).text).toBe('Sat 14:02 — deleted, by the staff app')
  })
})
