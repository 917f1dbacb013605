import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '#store/history/history-entry'
import { SALES_FILE_NAME, SalesAggregate, saleKind } from '#store/history/sales-aggregate'
import { isoWeekOf, salesReportOf } from '#store/history/sales-report'
import { makeTempDir } from '#setup/temp-dir'

const plant = { id: 1, tags: [], status: 'available' as const, createdAt: '', updatedAt: '', version: 1 }
let seq = 0
function status(at: string, from: string, to: string, sale?: HistoryEntry['sale']): HistoryEntry {
  return {
    seq: ++seq,
    type: 'plant.updated',
    plantId: 1,
    at: `${at}T10:00:00.000Z`,
    by: 'ui',
    changes: { status: { from, to } },
    ...(sale ? { sale } : {})
  }
}

describe('the sales rules', () => {
  it('count a change to sold as a sale and one from sold back as a return; nothing else counts', () => {
    expect(saleKind(status('2026-11-24', 'available', 'sold'))).toEqual({ kind: 'sale', count: 1 })
    expect(saleKind(status('2026-11-24', 'sold', 'available'))).toEqual({ kind: 'return', count: 1 })
    expect(saleKind(status('2026-11-24', 'sold', 'pending'))).toEqual({ kind: 'return', count: 1 })
    expect(saleKind(status('2026-11-24', 'available', 'pending'))).toBeUndefined()
    expect(saleKind({ seq: 1, type: 'plant.deleted', plantId: 1, at: '2026-11-24T10:00:00.000Z', by: 'ui' })).toBeUndefined()
  })

  it('count a plant added already sold as a sale, unless an import added it', () => {
    const added = (by: string): HistoryEntry => ({
      seq: 1,
      type: 'plant.added',
      plantId: 1,
      at: '2026-11-24T10:00:00.000Z',
      by,
      plant: { ...plant, status: 'sold' }
    })
    expect(saleKind(added('ui'))).toEqual({ kind: 'sale', count: 1 })
    expect(saleKind(added('import'))).toBeUndefined()
  })
})

describe('the sales report', () => {
  async function aggregateOf(entries: HistoryEntry[]): Promise<SalesAggregate> {
    const aggregate = new SalesAggregate(await makeTempDir())
    await aggregate.load()
    aggregate.add(entries)
    return aggregate
  }

  it('counts a plant sold and returned in the period once in each, totals the prices at sale, and zero-fills the days', async () => {
    const aggregate = await aggregateOf([
      status('2026-11-24', 'available', 'sold', { category: 'Trees', price: 19.99 }),
      status('2026-11-24', 'available', 'sold', { category: 'Trees', price: 19.99 }),
      status('2026-11-26', 'sold', 'available', { category: 'Trees', price: 19.99 }),
      status('2026-11-26', 'pending', 'sold', { price: 19.99 })
    ])
    const report = salesReportOf(aggregate.days, '2026-11-23', '2026-11-26', 'day', 'EUR')
    expect(report.groups).toEqual([
      { key: '2026-11-23', sold: 0, returned: 0, net: 0, total: 0 },
      { key: '2026-11-24', sold: 2, returned: 0, net: 2, total: 39.98 },
      { key: '2026-11-25', sold: 0, returned: 0, net: 0, total: 0 },
      { key: '2026-11-26', sold: 1, returned: 1, net: 0, total: 19.99 }
    ])
    expect(report.totals).toEqual({ sold: 3, returned: 1, net: 2, total: 59.97 })
    const byCategory = salesReportOf(aggregate.days, '2026-11-01', '2026-11-30', 'category', 'EUR')
    expect(byCategory.groups.map((group) => [group.key, group.sold, group.returned])).toEqual([
      ['Trees', 2, 1],
      ['', 1, 0]
    ])
    expect(salesReportOf(aggregate.days, '2026-11-25', '2026-11-25', 'day', 'EUR').totals.sold).toBe(0)
  })

  it('groups by ISO week and month, every one of the period present', async () => {
    const aggregate = await aggregateOf([status('2026-12-31', 'available', 'sold'), status('2027-01-04', 'available', 'sold')])
    expect(isoWeekOf('2026-12-31')).toBe('2026-W53')
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01')
    expect(isoWeekOf('2026-11-24')).toBe('2026-W48')
    const weeks = salesReportOf(aggregate.days, '2026-12-20', '2027-01-10', 'week', 'EUR').groups
    expect(weeks.map((group) => [group.key, group.sold])).toEqual([
      ['2026-W51', 0],
      ['2026-W52', 0],
      ['2026-W53', 1],
      ['2027-W01', 1]
    ])
    const months = salesReportOf(aggregate.days, '2026-11-15', '2027-02-01', 'month', 'EUR').groups
    expect(months.map((group) => [group.key, group.sold])).toEqual([
      ['2026-11', 0],
      ['2026-12', 1],
      ['2027-01', 1],
      ['2027-02', 0]
    ])
  })

  it('is saved with the seq it covers and read back, counting no entry twice', async () => {
    const dir = await makeTempDir()
    const first = new SalesAggregate(dir)
    await first.load()
    const sale = status('2026-11-24', 'available', 'sold')
    first.add([sale])
    await first.save()
    const again = new SalesAggregate(dir)
    await again.load()
    again.add([sale])
    expect(again.upToSeq).toBe(sale.seq)
    expect(again.days['2026-11-24']).toEqual({ '': [1, 0, 0] })
  })

  it('counts a saved file without the movements per kind again from the log (the stock report needs them)', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, SALES_FILE_NAME), JSON.stringify({ upToSeq: 9, timeZone: 'UTC', days: {}, writeOffs: {} }))
    const aggregate = new SalesAggregate(dir)
    await aggregate.load()
    expect(aggregate.upToSeq).toBe(0)
    aggregate.add([{ ...status('2026-11-24', 'available', 'available'), changes: {}, stock: { reason: 'received', change: 40 } }])
    expect(aggregate.movements['2026-11-24']).toEqual({ received: 40 })
  })
})
