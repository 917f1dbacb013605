/**
 * A paired till keeps the main computer's answers to the reads a window sells with, and gives them while the main
 * computer cannot be reached (marked as such), so a scanned code is still found and priced; nothing else is answered
 * from it, and never when the main computer answered with another certificate.
 */
import { H3 } from 'h3'
import { describe, expect, it } from 'vitest'
import { OFFLINE_HEADER, TillReadCache } from '#till/routes/offline-reads'
import { HttpProblem } from '#server/problems/http-problem'
import { problem } from '#server/problems/problems'

const FERN = { id: 5, name: 'Fern', status: 'available', tags: [], price: 4, quantity: 3, version: 2 }
const IVY = { id: 6, name: 'Ivy', status: 'available', tags: [], price: 3, version: 1 }

function till() {
  let mode: 'up' | 'away' | 'impostor' = 'up'
  const asked: string[] = []
  const forward = (event: { url: URL; req: Request }) => {
    asked.push(`${event.req.method} ${event.url.pathname}${event.url.search}`)
    if (mode === 'away') throw problem('primaryUnreachable', 'https://192.0.2.1:7421', 'ECONNREFUSED')
    if (mode === 'impostor') throw problem('certificateChanged', 'https://192.0.2.1:7421')
    const list = event.url.pathname === '/v3/plant'
    const body = list ? [FERN, IVY] : event.url.pathname === '/v3/plant/5' ? FERN : {}
    const headers = { 'content-type': 'application/json', ...(list ? { 'x-total-count': '2' } : { etag: '"p5-2"' }) }
    return new Response(JSON.stringify(body), { status: 200, headers })
  }
  const app = new H3()
  const handler = new TillReadCache().wrap(forward as never)
  // As the till's app answers a problem: its status (the whole app's error handling is not under test here).
  app.all('/**', async (event) => {
    try {
      return await handler(event)
    } catch (error) {
      if (error instanceof HttpProblem) return new Response(error.problem.detail, { status: error.problem.status })
      throw error
    }
  })
  const get = (path: string) => app.request(path)
  return { app, get, asked, set: (next: typeof mode) => (mode = next) }
}

describe("a till's copy of the reads it sells with", () => {
  it('answers a plant seen in a list page, and the page itself, while the main computer is away, saying when it was read', async () => {
    const t = till()
    expect((await t.get('/v3/plant?status=available&limit=50')).status).toBe(200)
    t.set('away')
    const fern = await t.get('/v3/plant/6')
    expect(fern.status).toBe(200)
    expect(await fern.json()).toEqual(IVY)
    expect(Date.parse(fern.headers.get(OFFLINE_HEADER)!)).not.toBeNaN()
    const page = await t.get('/v3/plant?status=available&limit=50')
    expect(await page.json()).toEqual([FERN, IVY])
    expect(page.headers.get('x-total-count')).toBe('2') // the list's total rides in a header
    expect(page.headers.get(OFFLINE_HEADER)).not.toBeNull()
  })

  it('says the main computer cannot be reached for what it never read, for other reads, and for another certificate', async () => {
    const t = till()
    await t.get('/v3/plant?limit=50')
    await t.get('/v3/reports/stock')
    t.set('away')
    expect((await t.get('/v3/plant/99')).status).toBe(503)
    expect((await t.get('/v3/reports/stock')).status).toBe(503) // not a read a window sells with: never kept
    expect((await t.get('/v3/plant?limit=20')).status).toBe(503) // another page than the one read
    t.set('impostor')
    expect((await t.get('/v3/plant/5')).status).toBe(502) // whoever answers with another certificate gets nothing from here either
  })

  it('passes answers on unchanged while the main computer answers, keeping the newest', async () => {
    const t = till()
    const first = await t.get('/v3/plant/5')
    expect(first.headers.get('etag')).toBe('"p5-2"')
    expect(first.headers.get(OFFLINE_HEADER)).toBeNull()
    expect(await first.json()).toEqual(FERN)
    expect(t.asked).toEqual(['GET /v3/plant/5'])
  })
})
