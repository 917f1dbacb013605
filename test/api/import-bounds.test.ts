/**
 * POST /v3/import bounded by the size of the file: a header wider than any
 * real sheet is refused (413, in words), a sheet saved with a million empty
 * columns is read as its named ones while /v3/health keeps answering, the
 * errors listed are capped with a count of the rest, and a cancelled request
 * stops the work. Counted in answers and lookups, never in milliseconds
 * (scripts/import-bounds-bench.mjs measures the times).
 */
import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_ERRORS } from '#shared/import-export'
import { answersDuring } from '#setup/answers-during'
import { createTestApp, defaultHeaders } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

const CSV = { 'content-type': 'text/csv' }

describe('POST /v3/import of a header wider than any sheet', () => {
  it('answers 413 in words and reads no row', async () => {
    const test = await createTestApp()
    const response = await test.call('POST', '/v3/import?dryRun=true', `${'a,'.repeat(99_999)}a\nFern\n`, CSV)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      title: 'Too many columns',
      detail:
        'This file has 100,000 columns; Plant Store reads at most 200 (empty columns at the end of the header not counted). ' +
        'Save only the columns that describe the plants and import that file.',
      errors: [{ field: '', message: 'the header has 100,000 columns; at most 200 are read' }]
    })
  })
})

describe('POST /v3/import of a sheet saved with a million empty columns', () => {
  it('imports its named columns, and /v3/health answers many times before it ends', { timeout: 180_000 }, async () => {
    const test = await createTestApp()
    const rows = Array.from({ length: 30_000 }, (_, i) => `Fern ${i},4.50`)
    const file = [`name,price${','.repeat(1_000_000)}`, ...rows].join('\n')
    const work = test.call('POST', '/v3/import?dryRun=true', file, CSV)
    const { response, answers } = await answersDuring(test, work, '/v3/health')
    expect(response.status).toBe(200)
    const summary = await response.json()
    expect(summary).toMatchObject({ added: 30_000, errors: [], warnings: [] })
    expect(summary.mapping.columns).toHaveLength(2)
    // The header alone is 62 slices of 16 KiB, the rows 15 more to read, map and plan: one long block would let one in.
    expect(answers).toBeGreaterThanOrEqual(20)
  })
})

describe('POST /v3/import of a file with thousands of bad rows', () => {
  const file = ['name,price', ...Array.from({ length: 1_500 }, (_, i) => `Fern ${i},lots`)].join('\n')

  it(`lists the first ${MAX_IMPORT_ERRORS} errors and counts the rest, in a dry run`, async () => {
    const test = await createTestApp()
    const response = await test.call('POST', '/v3/import?dryRun=true', file, CSV)
    const summary = await response.json()
    expect(summary.errors).toHaveLength(MAX_IMPORT_ERRORS)
    expect(summary.errors[0]).toEqual({ row: 2, field: 'price', message: 'price must be a number, like 12.50; got "lots"' })
    expect(summary.moreErrors).toBe(500)
  })

  it('and in the 422 of an applied import, whose detail counts them all', async () => {
    const test = await createTestApp()
    const response = await test.call('POST', '/v3/import', file, CSV)
    expect(response.status).toBe(422)
    const problem = await response.json()
    expect(problem.detail).toMatch(/^Nothing was imported: the file has 1500 errors, the first being row 2, price: /)
    expect(problem.errors).toHaveLength(MAX_IMPORT_ERRORS)
    expect(problem.moreErrors).toBe(500)
    expect(test.store.size).toBe(0)
  })
})

describe('POST /v3/import whose client goes away', () => {
  it('stops checking the file and changes nothing', { timeout: 180_000 }, async () => {
    const test = await createTestApp()
    await test.store.add({ name: 'Fern', status: 'available' }, CLI_ACTOR)
    // Each row asks the catalogue for its plant: the lookups count how far the plan got.
    const rows = 100_000
    const file = ['id,name', ...Array.from({ length: rows }, (_, i) => `${i + 1},Fern`)].join('\n')
    const cancel = new AbortController()
    let lookups = 0
    const get = test.store.get.bind(test.store)
    test.store.get = (id) => {
      lookups++
      if (lookups === 1) cancel.abort()
      return get(id)
    }
    const headers = { ...defaultHeaders(test.port), ...CSV }
    const work = test.request('/v3/import', { method: 'POST', headers, body: file, signal: cancel.signal })
    // In-process the answer still comes (nobody reads it); over a socket the request fails as the client closed it.
    const answer = await work.then(
      (response) => response.json(),
      () => undefined
    )
    if (answer) expect(answer).toMatchObject({ status: 400, title: 'Import stopped' })
    // Stopped: two answers of another request come back with no slice of planning between them.
    await expect
      .poll(async () => {
        const before = lookups
        for (let i = 0; i < 2; i++) await (await test.call('GET', '/v3/health')).arrayBuffer()
        return lookups === before
      })
      .toBe(true)
    expect(lookups).toBeLessThan(rows / 2)
    expect(test.store.size).toBe(1)
    expect(get(1)).toMatchObject({ name: 'Fern', version: 1 })
  })
})
