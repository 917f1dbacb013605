/**
 * A damaged sales ledger (a complete line of sales.jsonl that is no record) no longer stops the start, which leaves
 * the ledger unread: the catalogue serves, and every sales request answers a clear 503 naming the file and the line,
 * selling nothing and changing nothing.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { SALES_FILE_NAME } from '#store/sales/sales-ledger'
import { createTestApp } from '#setup/in-process'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

describe('a damaged sales ledger', () => {
  it('answers every sales request 503 naming the file and the line, while the catalogue serves', async () => {
    const { store, dir } = await openTestStore()
    await store.add({ name: 'Basil', price: 1, quantity: 10 }, CLI_ACTOR)
    const sale = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash' as const, amount: 100 }] }
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    await store.close()
    const file = path.join(dir, SALES_FILE_NAME)
    await writeFile(file, `${await readFile(file, 'utf8')}{"kind":"sale","receipt":"two"}\n`)
    const damaged = await readFile(file, 'utf8')

    const app = await createTestApp({ dir })
    expect((await app.call('GET', '/v3/plant/1')).status).toBe(200)
    for (const [method, route] of [
      ['GET', '/v3/days/current'],
      ['GET', '/v3/sales/1'],
      ['GET', '/v3/reports/sales?from=2026-01-01&to=2026-12-31&groupBy=month'],
      ['POST', '/v3/sales']
    ] as const) {
      const response = await app.call(method, route, method === 'POST' ? sale : undefined)
      expect(response.status, `${method} ${route}`).toBe(503)
      const body = (await response.json()) as { type: string; detail: string }
      expect(body.type).toBe(PROBLEM_TYPES.salesLedgerDamaged)
      expect(body.detail).toContain(`The sales ledger ${file} cannot be read: line 2 is not a sale, refund or day record`)
    }
    expect(await readFile(file, 'utf8')).toBe(damaged)
    expect((await app.call('GET', '/v3/plant/1')).status).toBe(200)
  })
})
