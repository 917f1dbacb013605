/**
 * The reports count per shop's day: a date in the shop's time zone (its setting), never the UTC date. A sale at
 * 00:30 in Berlin is on that day, not the day before; a change of the shop's zone counts the log again.
 */
import { describe, expect, it } from 'vitest'
import type { SalesReport } from '#shared/history'
import { shopDay } from '#shared/shop-day'
import { createTestApp } from '#setup/in-process'

async function soldAt(times: string[], timeZone: string) {
  let now = new Date('2026-02-01T12:00:00.000Z')
  const app = await createTestApp({ now: () => now })
  expect((await app.call('PUT', '/v3/settings/shop', { timeZone })).status).toBe(200)
  for (const [index, time] of times.entries()) {
    now = new Date('2026-02-01T12:00:00.000Z')
    await app.call('POST', '/v3/plant', { name: `Plant ${index + 1}` })
    now = new Date(time)
    await app.call('PUT', '/v3/plant', { id: index + 1, status: 'sold' })
  }
  const soldPerDay = async (from: string, to: string) => {
    const report = (await (await app.call('GET', `/v3/reports/sales?from=${from}&to=${to}`)).json()) as SalesReport
    return Object.fromEntries(report.groups.map((group) => [group.key, group.sold]))
  }
  return { app, soldPerDay, setNow: (time: string) => (now = new Date(time)) }
}

describe("GET /v3/reports/sales counts per the shop's day", () => {
  it('puts a sale at 00:30 in Berlin on that day (CET and CEST)', async () => {
    const { soldPerDay } = await soldAt(['2026-03-01T12:00:00Z', '2026-03-01T23:30:00Z', '2026-07-14T22:30:00Z'], 'Europe/Berlin')
    expect(await soldPerDay('2026-03-01', '2026-03-02')).toEqual({ '2026-03-01': 1, '2026-03-02': 1 })
    expect(await soldPerDay('2026-07-14', '2026-07-15')).toEqual({ '2026-07-14': 0, '2026-07-15': 1 })
  })

  it('puts a sale at 22:00 in New York on that day, and counts again when the shop moves to another zone', async () => {
    const { app, soldPerDay } = await soldAt(['2026-03-02T03:00:00Z', '2026-03-02T12:00:00Z'], 'America/New_York')
    expect(await soldPerDay('2026-03-01', '2026-03-02')).toEqual({ '2026-03-01': 1, '2026-03-02': 1 })
    await app.store.checkpoint() // the entries in the history files, the aggregate saved in New York's days
    await app.call('PUT', '/v3/settings/shop', { timeZone: 'Europe/Berlin' })
    expect(await soldPerDay('2026-03-01', '2026-03-02')).toEqual({ '2026-03-01': 0, '2026-03-02': 2 })
    await app.call('PUT', '/v3/settings/shop', { timeZone: 'America/New_York' })
    expect(await soldPerDay('2026-03-01', '2026-03-02')).toEqual({ '2026-03-01': 1, '2026-03-02': 1 })
  })
})

describe("GET /v3/reports/stock counts write-offs per the shop's month", () => {
  it('puts a write-off at 00:30 on the first of the month in Berlin in that month', async () => {
    const { app, setNow } = await soldAt([], 'Europe/Berlin')
    await app.call('POST', '/v3/plant', { name: 'Fern', quantity: 5 })
    setNow('2026-03-31T22:30:00Z') // 00:30 on 1 April in Berlin (CEST)
    await app.call('POST', '/v3/plant/1/stock', { change: -2, reason: 'written-off', note: 'frost' })
    const writtenOff = async (month: string) => (await (await app.call('GET', `/v3/reports/stock?month=${month}`)).json()).writtenOff.pots
    expect([await writtenOff('2026-03'), await writtenOff('2026-04')]).toEqual([0, 2])
  })
})

describe("GET /v3/export names the file by the shop's day", () => {
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('in %s (UTC+14 and UTC−11: never the same date)', async (timeZone) => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/settings/shop', { timeZone })
    const before = shopDay(new Date(), timeZone)
    const response = await app.call('GET', '/v3/export?format=csv')
    const names = [before, shopDay(new Date(), timeZone)].map((day) => `attachment; filename="plants-${day}.csv"`)
    expect(names).toContain(response.headers.get('content-disposition'))
  })
})
