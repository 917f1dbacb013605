/**
 * Text that is also a name of JavaScript's own objects (`__proto__`, `constructor`, `toString`, …) is text like
 * any other: every route that counts, groups or indexes by text people type (categories, tags, write-off notes,
 * import headings and mappings, token names, field names in errors) gives the right answer for it, and nothing
 * it does reaches Object.prototype of the server's process.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SalesReport } from '#shared/history'
import type { StockReport } from '#shared/stock'
import { errorsByField } from '#shared/api-errors'
import { parseColumnMap } from '#shared/import-mapping'
import { readImportMappings } from '#settings/import-mappings'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

/** Names Object.prototype (or Object itself) answers to. */
const OWN_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', '__defineGetter__']
const name = fc.constantFrom(...OWN_NAMES, 'Trees')
/** Those a token name can take (letters first). */
const TOKEN_NAMES = OWN_NAMES.filter((own) => /^[A-Za-z]/.test(own))

const RUNS = 12
const month = () => new Date().toISOString().slice(0, 7)
const today = () => new Date().toISOString().slice(0, 10)
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T

/** What Object.prototype holds, to prove it untouched. */
const prototypeShape = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',')
let before: string

beforeEach(() => {
  before = prototypeShape()
})

afterEach(() => {
  expect(prototypeShape()).toBe(before)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.getPrototypeOf({})).toBe(Object.prototype)
})

/** Counts of `items` by `keyOf`, as [key, count] sorted by key. */
function countBy<T>(items: readonly T[], keyOf: (item: T) => string, weight: (item: T) => number = () => 1): [string, number][] {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + weight(item))
  return [...counts].filter(([, count]) => count > 0).sort(([a], [b]) => (a < b ? -1 : 1))
}

async function withApp(test: (app: TestApp) => Promise<void>): Promise<void> {
  await test(await createTestApp())
}

describe("names that are JavaScript's own", () => {
  it('categories and tags: the sales report by category counts every sale, and search finds every plant', { timeout: 60_000 }, async () => {
    const plant = fc.record({ category: name, tags: fc.uniqueArray(name, { maxLength: 3 }), sold: fc.boolean() })
    await fc.assert(
      fc.asyncProperty(fc.array(plant, { minLength: 1, maxLength: 6 }), (plants) =>
        withApp(async (app) => {
          for (const [index, { category, tags, sold }] of plants.entries()) {
            expect((await app.call('POST', '/v3/plant', { name: `Plant ${index}`, category, tags })).status).toBe(200)
            if (sold) expect((await app.call('PUT', '/v3/plant', { id: index + 1, status: 'sold' })).status).toBe(200)
          }
          const query = `from=${today()}&to=${today()}&groupBy=category`
          const report = await json<SalesReport>(await app.call('GET', `/v3/reports/sales?${query}`))
          const expected = countBy(
            plants,
            (item) => item.category,
            (item) => (item.sold ? 1 : 0)
          )
          expect(report.groups.map((group) => [group.key, group.sold] as [string, number]).sort(([a], [b]) => (a < b ? -1 : 1))).toEqual(expected)
          expect(report.totals.sold).toBe(plants.filter((item) => item.sold).length)
          // Counted again from the log (the saved aggregate read back), the same.
          await app.store.close()
          const reopened = await createTestApp({ dir: app.dir })
          expect(await json<SalesReport>(await reopened.call('GET', `/v3/reports/sales?${query}`))).toEqual(report)
          for (const word of OWN_NAMES) {
            const found = await json<{ id: number }[]>(await reopened.call('GET', `/v3/plant?q=${encodeURIComponent(word)}`))
            const holders = plants.flatMap((item, index) => (item.category === word || item.tags.includes(word) ? [index + 1] : []))
            expect(found.map((item) => item.id)).toEqual(expect.arrayContaining(holders))
          }
          await reopened.store.close()
        })
      ),
      { numRuns: RUNS }
    )
  })

  it('write-off notes: the stock report adds up the pots of each reason', { timeout: 60_000 }, async () => {
    const writeOff = fc.record({ note: name, pots: fc.integer({ min: 1, max: 3 }) })
    await fc.assert(
      fc.asyncProperty(fc.array(writeOff, { minLength: 1, maxLength: 5 }), (writeOffs) =>
        withApp(async (app) => {
          expect((await app.call('POST', '/v3/plant', { name: 'Lavender', quantity: 100 })).status).toBe(200)
          for (const { note, pots } of writeOffs) {
            expect((await app.call('POST', '/v3/plant/1/stock', { change: -pots, reason: 'written-off', note })).status).toBe(200)
          }
          const report = await json<StockReport>(await app.call('GET', `/v3/reports/stock?month=${month()}`))
          const reasons = report.writtenOff.reasons.map((item) => [item.reason, item.pots] as [string, number])
          expect(reasons.sort(([a], [b]) => (a < b ? -1 : 1))).toEqual(
            countBy(
              writeOffs,
              (item) => item.note,
              (item) => item.pots
            )
          )
          await app.store.close()
        })
      ),
      { numRuns: RUNS }
    )
  })

  it('import headings and mappings: a column headed or mapped by such a name is read as chosen', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 1, maxLength: 3 }), name, (extra, category) =>
        withApp(async (app) => {
          const headings = ['Bezeichnung', ...extra]
          const csv = `${headings.join(',')}\r\nOlive,${extra.map(() => category).join(',')}\r\n`
          const targets = ['name', 'category', 'tags', 'skip']
          const columns = Object.fromEntries(headings.map((heading, index) => [heading, targets[index]]))
          const mapping = encodeURIComponent(JSON.stringify({ columns }))
          const response = await app.call('POST', `/v3/import?mapping=${mapping}`, csv, { 'content-type': 'text/csv' })
          expect(response.status, await response.clone().text()).toBe(200)
          const [olive] = await json<{ name: string; category?: string; tags: string[] }[]>(await app.call('GET', '/v3/plant'))
          expect(olive).toMatchObject({ name: 'Olive', category, tags: extra.length > 1 ? [category] : [] })
          // The mapping is remembered by the header's shape: the same sheet again needs no choice.
          const again = await app.call('POST', '/v3/import?dryRun=true', `${headings.join(',')}\r\nFig,${extra.map(() => category).join(',')}\r\n`, {
            'content-type': 'text/csv'
          })
          const summary = await json<{ mapping: { remembered: boolean; columns: { heading: string; target: string }[] } }>(again)
          expect(summary.mapping.remembered).toBe(true)
          expect(summary.mapping.columns.find((column) => column.heading === extra[0])?.target).toBe('category')
          await app.store.close()
        })
      ),
      { numRuns: RUNS }
    )
  })

  it.each(OWN_NAMES)('an import body declaring charset=%s is refused as an unknown charset (415)', async (charset) => {
    const app = await createTestApp()
    const response = await app.call('POST', '/v3/import?dryRun=true', 'name\r\nOlive\r\n', { 'content-type': `text/csv; charset=${charset}` })
    expect(response.status).toBe(415)
    await app.store.close()
  })

  it('mappings remembered in settings.json under such keys are read as keys', async () => {
    const dir = await makeTempDir()
    const remembered = Object.fromEntries(OWN_NAMES.map((key) => [key, { choices: { decimalMark: ',' }, usedAt: '2026-11-01T00:00:00.000Z' }]))
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ 'import.mappings': remembered }))
    expect(Object.keys(await readImportMappings(dir)).sort()).toEqual([...OWN_NAMES].sort())
  })

  it('idempotency keys: a retry under such a key replays its first answer, each key apart', async () => {
    const app = await createTestApp()
    for (const key of OWN_NAMES) {
      const headers = { 'idempotency-key': `"${key}"` }
      const first = await app.call('POST', '/v3/plant', { name: key }, headers)
      const again = await app.call('POST', '/v3/plant', { name: key }, headers)
      expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true'])
      expect(await again.json()).toEqual(await first.json())
    }
    expect(app.store.size).toBe(OWN_NAMES.length)
    await app.store.close()
  })

  it('a --map of such headings and errors filed under such fields keep every name', () => {
    for (const heading of OWN_NAMES) {
      const parsed = parseColumnMap(`${heading}=name,Preis=price`)
      expect(parsed.ok && Object.entries(parsed.columns)).toEqual([
        [heading, 'name'],
        ['Preis', 'price']
      ])
      const filed = errorsByField([
        { field: heading, message: 'unknown field' },
        { field: `${heading}[1]`, message: 'again' }
      ])
      expect(Object.entries(filed)).toEqual([[heading, ['unknown field', 'again']]])
    }
  })

  it('token names: each is made, used, listed, named in the change log and revoked like any other', async () => {
    const app = await createTestApp()
    for (const tokenName of TOKEN_NAMES) {
      const created = await app.call('POST', '/v3/tokens', { name: tokenName, scope: 'read-write' })
      expect(created.status, tokenName).toBe(201)
      const { token } = await json<{ token: string }>(created)
      const added = await app.call(
        'POST',
        '/v3/plant',
        { name: `Sold by ${tokenName}`, status: 'sold', category: tokenName },
        { authorization: `Bearer ${token}` }
      )
      expect(added.status).toBe(200)
    }
    const listed = await json<{ name: string }[]>(await app.call('GET', '/v3/tokens'))
    expect(listed.map((item) => item.name)).toEqual(TOKEN_NAMES)
    const changes = await json<{ changes: { by: string }[] }>(await app.call('GET', '/v3/changes'))
    expect(changes.changes.map((change) => change.by)).toEqual(TOKEN_NAMES)
    const report = await json<SalesReport>(await app.call('GET', `/v3/reports/sales?from=${today()}&to=${today()}&groupBy=category`))
    expect(report.totals.sold).toBe(TOKEN_NAMES.length)
    for (const tokenName of TOKEN_NAMES) expect((await app.call('DELETE', `/v3/tokens/${tokenName}`)).status).toBe(204)
    expect(await json<unknown[]>(await app.call('GET', '/v3/tokens'))).toEqual([])
    await app.store.close()
  })

  it("tax rates by category: a sale in such a category takes the category's own rate, else the default", { timeout: 60_000 }, async () => {
    const reduced = { id: 'reduced', name: 'Plants 7%', percent: 7 }
    const standard = { id: 'standard', name: 'Standard 19%', percent: 19 }
    await fc.assert(
      fc.asyncProperty(name, fc.uniqueArray(name, { maxLength: 3 }), (category, reducedCategories) =>
        withApp(async (app) => {
          const categoryTaxRates = Object.fromEntries(reducedCategories.map((reducedCategory) => [reducedCategory, 'reduced']))
          const settings = { pricesIncludeTax: false, taxRates: [reduced, standard], defaultTaxRate: 'standard', categoryTaxRates }
          expect((await app.call('PUT', '/v3/settings/sales', settings)).status).toBe(200)
          const added = await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Fern', category, price: 100, quantity: 1 }))
          const rate = reducedCategories.includes(category) ? reduced : standard
          const paid = 10000 + rate.percent * 100
          const sale = await app.call('POST', '/v3/sales', {
            lines: [{ plantId: added.id, quantity: 1 }],
            payments: [{ method: 'card', amount: paid }]
          })
          expect(sale.status).toBe(201)
          expect((await json<{ lines: unknown[] }>(sale)).lines[0]).toMatchObject({ taxRate: rate, total: paid })
          await app.store.close()
        })
      ),
      { numRuns: RUNS }
    )
  })

  it('a body keyed by such names is refused on each of them, never taken for the object itself', async () => {
    const app = await createTestApp()
    for (const key of OWN_NAMES) {
      const response = await app.call('POST', '/v3/plant', `{"name": "Fern", ${JSON.stringify(key)}: {"polluted": true}}`, {
        'content-type': 'application/json'
      })
      expect(response.status, key).toBe(405)
      expect((await json<{ errors: { field: string }[] }>(response)).errors.map((error) => error.field)).toContain(key)
    }
    await app.store.close()
  })
})
