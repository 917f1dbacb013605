/**
 * Sales made offline at a till, as the primary takes them (POST /v3/offline-sales): never refused for stock, a line
 * taken below zero flagged with the sale until counted (GET /v3/stock/below-zero), everything else as a sale made
 * here (receipt numbers in order, the Idempotency-Key, one write); only a till's token may send them. And stock
 * below zero everywhere it is read: the plant, the movements that follow, the stock report, a restart.
 */
import { describe, expect, it } from 'vitest'
import type { OfflineSalesAnswer } from '#shared/offline-sales'
import type { Plant } from '#shared/plant'
import { PROBLEM_TYPES } from '#shared/problem'
import { backUpNow, restoreFromBackup } from '#store'
import { faultyFs } from '#setup/faulty-fs'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

const MADE_AT = '2026-11-28T09:30:00.000Z'

const sale = (plantId: number, quantity: number) => ({ lines: [{ plantId, quantity }], payments: [{ method: 'card', amount: 400 * quantity }] })

async function shopWithTill(): Promise<{ app: TestApp; till: Record<string, string> }> {
  const app = await createTestApp()
  const created = await app.namedTokens.add('till-2', 'read-write', 'till')
  return { app, till: { authorization: `Bearer ${created!.token}` } }
}

async function addLine(app: TestApp, quantity: number, name = 'Fern'): Promise<number> {
  const response = await app.call('POST', '/v3/plant', { name, price: 4, quantity })
  return ((await response.json()) as { id: number }).id
}

const plantOf = async (app: TestApp, id: number) => (await (await app.call('GET', `/v3/plant/${id}`)).json()) as Plant

async function sendOffline(app: TestApp, till: Record<string, string>, sales: { key: string; sale: unknown; madeAt?: string; staff?: string }[]) {
  const response = await app.call('POST', '/v3/offline-sales', { sales: sales.map((item) => ({ madeAt: MADE_AT, ...item })) }, till)
  expect(response.status, await response.clone().text()).toBe(200)
  return ((await response.json()) as OfflineSalesAnswer).results
}

describe('sales made offline at a till (extension)', () => {
  it('are never refused for stock: the line goes below zero, is sold, and is flagged with the sale that took it there', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 2)
    const results = await sendOffline(app, till, [
      { key: 'k1', sale: sale(fern, 1) },
      { key: 'k2', sale: sale(fern, 2), madeAt: '2026-11-28T09:31:00.000Z' },
      { key: 'k3', sale: sale(fern, 1) }
    ])
    expect(results.map((result) => [result.key, result.status])).toEqual([
      ['k1', 201],
      ['k2', 201],
      ['k3', 201]
    ])
    expect(results.map((result) => ('sale' in result ? [result.sale.receipt, result.sale.madeOfflineAt, result.sale.till] : []))).toEqual([
      [1, MADE_AT, 'till-2'],
      [2, '2026-11-28T09:31:00.000Z', 'till-2'],
      [3, MADE_AT, 'till-2']
    ])
    const plant = await plantOf(app, fern)
    expect(plant).toMatchObject({ quantity: -2, status: 'sold', belowZero: { till: 'till-2', receipt: 2, soldAt: '2026-11-28T09:31:00.000Z' } })
    const listed = (await (await app.call('GET', '/v3/stock/below-zero')).json()) as { lines: Plant[] }
    expect(listed.lines.map((line) => [line.id, line.quantity, line.belowZero?.receipt])).toEqual([[fern, -2, 2]])
    // The contract's answer is unchanged: id, name, status, tags.
    const found = (await (await app.call('GET', '/v3/plant/search/status?status=sold')).json()) as object[]
    expect(found).toEqual([{ id: fern, name: 'Fern', status: 'sold', tags: [] }])
  })

  it('a single plant sold here meanwhile and then at the till stays sold, and is flagged too', async () => {
    const { app, till } = await shopWithTill()
    const oak = ((await (await app.call('POST', '/v3/plant', { name: 'Oak', price: 4 })).json()) as { id: number }).id
    expect((await app.call('POST', '/v3/sales', sale(oak, 1))).status).toBe(201)
    expect((await sendOffline(app, till, [{ key: 'k', sale: sale(oak, 1) }]))[0]!.status).toBe(201)
    const plant = await plantOf(app, oak)
    expect(plant).toMatchObject({ status: 'sold', belowZero: { till: 'till-2', receipt: 2 } })
    expect(plant.quantity).toBeUndefined()
    expect((await (await app.call('GET', '/v3/stock/below-zero')).json()).lines.map((line: Plant) => line.id)).toEqual([oak])
    // Nothing to count: the owner settles it by setting its status.
    expect((await app.call('PUT', '/v3/plant', { id: oak, status: 'sold' })).status).toBe(200)
    expect((await plantOf(app, oak)).belowZero).toBeUndefined()
  })

  it('record the member the till says was signed in when it was made, in the sale, its history and the day by member', async () => {
    const { app, till } = await shopWithTill()
    const id = await addLine(app, 5)
    const [made] = await sendOffline(app, till, [{ key: 'by-anna', sale: sale(id, 1), staff: 'Anna' }])
    expect(made).toMatchObject({ status: 201, sale: { till: 'till-2', staff: 'Anna', madeOfflineAt: MADE_AT } })
    const { changes } = await (await app.call('GET', '/v3/changes?since=0')).json()
    expect(changes.at(-1)).toMatchObject({ by: 'till-2', staff: 'Anna' })
    expect((await (await app.call('GET', '/v3/days/current')).json()).staff).toEqual([expect.objectContaining({ staff: 'Anna', sales: 1 })])
    const blank = await app.call('POST', '/v3/offline-sales', { sales: [{ key: 'k', madeAt: MADE_AT, sale: sale(id, 1), staff: '  ' }] }, till)
    expect(blank.status).toBe(400)
    expect(JSON.stringify(await blank.json())).toMatch(/sales\[0\]\.staff/)
  })

  it('a sale made here is still refused for more than is in stock, on a line below zero too', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    expect((await app.call('POST', '/v3/sales', sale(fern, 2))).status).toBe(409)
    await sendOffline(app, till, [{ key: 'k1', sale: sale(fern, 3) }])
    const refused = await app.call('POST', '/v3/sales', sale(fern, 1))
    expect(refused.status).toBe(409)
    expect((await refused.json()).detail).toMatch(/has -2 in stock.*count it first/)
    const writeOff = await app.call('POST', `/v3/plant/${fern}/stock`, { change: -1, reason: 'written-off' })
    expect(writeOff.status).toBe(409)
    expect((await plantOf(app, fern)).quantity).toBe(-2)
  })

  it('only a paired till may send them: any other token gets a 403 that says so, and nothing is sold', async () => {
    const { app } = await shopWithTill()
    const fern = await addLine(app, 1)
    const script = (await app.namedTokens.add('price-script', 'read-write'))!.token
    for (const headers of [{}, { authorization: `Bearer ${script}` }]) {
      const response = await app.call('POST', '/v3/offline-sales', { sales: [{ key: 'k', madeAt: MADE_AT, sale: sale(fern, 5) }] }, headers)
      expect(response.status).toBe(403)
      const problem = await response.json()
      expect(problem.type).toBe(PROBLEM_TYPES.forbidden)
      expect(problem.detail).toMatch(/Only a paired till's token may send sales made offline/)
    }
    expect((await plantOf(app, fern)).quantity).toBe(1)
  })

  it('keep their Idempotency-Key: a sale whose answer was lost is answered again and sold once, whichever way it came first', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 10)
    expect((await app.call('POST', '/v3/sales', sale(fern, 1), { ...till, 'idempotency-key': '"online"' })).status).toBe(201)
    const first = await sendOffline(app, till, [
      { key: 'online', sale: sale(fern, 1) },
      { key: 'offline', sale: sale(fern, 2) }
    ])
    const again = await sendOffline(app, till, [{ key: 'offline', sale: sale(fern, 2) }])
    expect(first.map((result) => 'sale' in result && [result.sale.receipt, result.replayed])).toEqual([
      [1, true],
      [2, false]
    ])
    expect(again.map((result) => 'sale' in result && [result.sale.receipt, result.replayed])).toEqual([[2, true]])
    expect((await plantOf(app, fern)).quantity).toBe(7)
  })

  it('one refused for another reason carries its problem and holds back none of the others', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    const gone = await addLine(app, 1, 'Moss')
    expect((await app.call('DELETE', `/v3/plant/${gone}`)).status).toBe(204)
    const results = await sendOffline(app, till, [
      { key: 'a', sale: sale(fern, 1) },
      { key: 'b', sale: sale(gone, 1) },
      { key: 'c', sale: sale(fern, 1) }
    ])
    expect(results.map((result) => result.status)).toEqual([201, 404, 201])
    expect(results[1]).toMatchObject({ problem: { status: 404, title: 'Plant not found' } })
    expect(results.map((result) => ('sale' in result ? result.sale.receipt : null))).toEqual([1, null, 2])
  })

  it('a failed write fails every sale of the call with 503, none saved, so the till sends them again in order', async () => {
    const { fs, faults } = faultyFs()
    const app = await createTestApp({ fs })
    const till = { authorization: `Bearer ${(await app.namedTokens.add('till-2', 'read-write', 'till'))!.token}` }
    const fern = await addLine(app, 5)
    faults.failWith = 'ENOSPC'
    const failed = await sendOffline(app, till, [
      { key: 'a', sale: sale(fern, 1) },
      { key: 'b', sale: sale(fern, 1) }
    ])
    expect(failed.map((result) => result.status)).toEqual([503, 503])
    faults.failWith = undefined
    const again = await sendOffline(app, till, [
      { key: 'a', sale: sale(fern, 1) },
      { key: 'b', sale: sale(fern, 1) }
    ])
    expect(again.map((result) => ('sale' in result ? [result.sale.receipt, result.replayed] : result.status))).toEqual([
      [1, false],
      [2, false]
    ])
    expect((await plantOf(app, fern)).quantity).toBe(3)
  })

  it('take every sale POST /v3/sales takes, a line discount at its deepest', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 5)
    const discounted = {
      lines: [{ plantId: fern, quantity: 2, discount: { amount: 100, reason: 'damaged leaf' } }],
      discount: { amount: 100, reason: 'regular customer' },
      payments: [{ method: 'cash', amount: 600, given: 1000 }]
    }
    const [result] = await sendOffline(app, till, [{ key: 'k', sale: discounted }])
    expect(result).toMatchObject({ status: 201, sale: { totals: { net: 600 }, change: 400 } })
  })

  it('a body it cannot read is refused as a whole, naming the field', async () => {
    const { app, till } = await shopWithTill()
    const response = await app.call('POST', '/v3/offline-sales', { sales: [{ key: 'k', madeAt: 'yesterday', sale: sale(1, 1) }] }, till)
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toEqual([
      { field: 'sales[0].madeAt', message: expect.stringMatching(/^madeAt must be when the sale was made/) }
    ])
  })
})

describe('stock below zero (extension)', () => {
  it('receiving pots moves it up and the status follows the stock; the flag stays until a count clears it', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    await sendOffline(app, till, [{ key: 'k', sale: sale(fern, 3) }])
    const received = await app.call('POST', `/v3/plant/${fern}/stock`, { change: 1, reason: 'received' })
    expect((await received.json()).movement).toMatchObject({ from: -2, to: -1, change: 1 })
    expect(await plantOf(app, fern)).toMatchObject({ quantity: -1, status: 'sold' })
    await app.call('POST', `/v3/plant/${fern}/stock`, { change: 5, reason: 'received' })
    expect(await plantOf(app, fern)).toMatchObject({ quantity: 4, status: 'available', belowZero: { receipt: 1 } })
    // A count that finds what is recorded still clears the flag: the shelf was counted.
    const counted = await app.call('POST', `/v3/plant/${fern}/stock`, { count: 4, reason: 'counted' })
    expect(counted.status).toBe(200)
    expect((await plantOf(app, fern)).belowZero).toBeUndefined()
    expect((await (await app.call('GET', '/v3/stock/below-zero')).json()).lines).toEqual([])
  })

  it('a refund of a sale made offline restocks the line below zero as any refund does; the flag stays', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    await sendOffline(app, till, [{ key: 'k', sale: sale(fern, 3) }])
    const refund = await app.call('POST', '/v3/sales/1/refunds', { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'changed their mind' })
    expect(refund.status, await refund.clone().text()).toBe(201)
    expect(await plantOf(app, fern)).toMatchObject({ quantity: -1, status: 'sold', belowZero: { receipt: 1 } })
  })

  it('a count, or an update of the quantity, clears the flag; the stock report adds no pots for a line below zero', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    const moss = await addLine(app, 3, 'Moss')
    const basket = {
      lines: [
        { plantId: fern, quantity: 4 },
        { plantId: moss, quantity: 5 }
      ],
      payments: [{ method: 'card', amount: 3600 }]
    }
    expect((await sendOffline(app, till, [{ key: 'k', sale: basket }]))[0]!.status).toBe(201)
    const report = await (await app.call('GET', '/v3/reports/stock')).json()
    expect(report).toMatchObject({ lines: 2, potsOnHand: 0 })
    expect(report.lowStock.map((line: Plant) => [line.id, line.quantity])).toEqual([
      [fern, -3],
      [moss, -2]
    ])
    expect((await app.call('POST', `/v3/plant/${fern}/stock`, { count: 2, reason: 'counted' })).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: moss, quantity: 0 })).status).toBe(200)
    expect(await plantOf(app, moss)).toMatchObject({ quantity: 0, status: 'sold' })
    expect((await plantOf(app, moss)).belowZero).toBeUndefined()
    expect((await (await app.call('GET', '/v3/stock/below-zero')).json()).lines).toEqual([])
  })

  it('survives a restart: the journal replays a line below zero and its flag, and a checkpoint writes them into the snapshot', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    await sendOffline(app, till, [{ key: 'k', sale: sale(fern, 2) }])
    await app.store.close()
    const reopened = await createTestApp({ dir: app.dir })
    expect(await plantOf(reopened, fern)).toMatchObject({ quantity: -1, belowZero: { till: 'till-2', receipt: 1 } })
    await reopened.store.close() // folds the journal into plants.json
    const again = await createTestApp({ dir: app.dir })
    expect(await plantOf(again, fern)).toMatchObject({ quantity: -1, status: 'sold', belowZero: { till: 'till-2', receipt: 1, soldAt: MADE_AT } })
  })

  it('a backup holds the line below zero and its flag, passes the backup check, and restores onto another computer', async () => {
    const { app, till } = await shopWithTill()
    const fern = await addLine(app, 1)
    const moss = await app.call('POST', '/v3/plant', { name: 'Moss', quantity: 12, reorderAt: 3 })
    await sendOffline(app, till, [{ key: 'k', sale: sale(fern, 3) }])
    await app.store.close()
    const made = (await backUpNow(app.dir))!
    const newComputer = await makeTempDir()
    await restoreFromBackup(newComputer, made.file)
    const restored = await createTestApp({ dir: newComputer })
    expect(await plantOf(restored, fern)).toMatchObject({ quantity: -2, belowZero: { till: 'till-2', receipt: 1 } })
    // The stock of every line comes back: a restore used to leave quantity and reorderAt out.
    expect(await plantOf(restored, ((await moss.json()) as Plant).id)).toMatchObject({ quantity: 12, reorderAt: 3 })
    expect((await (await restored.call('GET', '/v3/stock/below-zero')).json()).lines).toHaveLength(1)
  })
})
