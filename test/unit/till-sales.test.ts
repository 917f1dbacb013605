/**
 * A till's sales and outbox against a stand-in for the main computer: a sale whose answer was lost is kept and
 * sent again with the same Idempotency-Key (so the main computer answers it from its ledger instead of selling
 * twice); sales made while older ones wait go behind them; what was kept survives a restart of the till.
 */
import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { REFUSED_FILE_NAME, TillOutbox } from '#till/outbox'
import { MAX_BODY_BYTES } from '#shared/api-paths'
import { PROBLEM_TYPES } from '#shared/problem'
import { SALE_LINES_MAX } from '#shared/sale'
import { tillSales } from '#till/sales'
import type { StaffMember } from '#shared/staff'
import type { TillPairing } from '#till/pairing'
import { CertificateMismatchError, type PinnedClient } from '#lib/pinned-tls'
import { AccessPolicy } from '#server/security/access-policy'
import { createTillApp } from '#till/till-app'
import { makeTempDir } from '#setup/temp-dir'

const TOKEN = 'till-sales-test-token-0123456789abcdefghij'
const PAIRING: TillPairing = {
  origin: 'https://192.0.2.1:7421',
  certificate: '',
  fingerprint: '',
  till: 'door',
  token: 'till-token',
  pairedAt: ''
}

/**
 * A main computer that saves what it is sent (by key, once; a single sale by its header's key, sales kept offline by
 * theirs, unquoted alike) and can drop its answers or be away.
 */
function fakePrimary(
  /** The status a sale gets (201 saves it); refused ones are answered with a problem and not saved. */
  statusOf: (key: string) => number = () => 201,
  /** The status a whole call of sales made offline gets (200 answers each). */
  callStatusOf: (keys: string[]) => number = () => 200
) {
  const saved = new Map<string, unknown>()
  const keysSent: string[] = []
  const bodiesSent: unknown[] = []
  const headersSent: Record<string, string>[] = []
  let mode: 'up' | 'away' | 'lose-answer' | 'revoked' | 'other-certificate' = 'up'
  const save = (key: string, body: unknown) => {
    keysSent.push(key)
    const status = statusOf(key)
    if (status !== 201) return { key, status, problem: { title: 'Plant not found', status, detail: `refused ${key}` } }
    const replayed = saved.has(key)
    if (!replayed) saved.set(key, body)
    return { key, status: 201, sale: { receipt: [...saved.keys()].indexOf(key) + 1 }, replayed }
  }
  const callBytes: number[] = []
  const client: PinnedClient = {
    async request(init) {
      if (mode === 'away') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      if (mode === 'other-certificate') throw new CertificateMismatchError(PAIRING.origin, 'it shows another certificate')
      headersSent.push(init.headers)
      if (mode === 'revoked')
        return Object.assign(Readable.from([JSON.stringify({ status: 401, title: 'Unauthorized' })]), {
          statusCode: 401,
          headers: { 'content-type': 'application/problem+json' }
        }) as unknown as IncomingMessage
      callBytes.push(Buffer.byteLength(init.body as string))
      bodiesSent.push(JSON.parse(init.body as string))
      const body = JSON.parse(init.body as string) as { sales?: { key: string; sale: unknown }[] }
      const callStatus = body.sales ? callStatusOf(body.sales.map((sale) => sale.key)) : 200
      if (callStatus !== 200)
        return Object.assign(Readable.from([JSON.stringify({ status: callStatus, detail: 'unreadable' })]), {
          statusCode: callStatus,
          headers: { 'content-type': 'application/problem+json' }
        }) as unknown as IncomingMessage
      const answer = body.sales
        ? { results: body.sales.map((sale) => save(sale.key, sale.sale)) }
        : (save(init.headers['idempotency-key']!.replaceAll('"', ''), body) as { sale: unknown }).sale
      if (mode === 'lose-answer') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
      return Object.assign(Readable.from([JSON.stringify(answer)]), {
        statusCode: body.sales ? 200 : 201,
        headers: { 'content-type': 'application/json' }
      }) as unknown as IncomingMessage
    },
    close: () => undefined
  }
  return { client, saved, keysSent, bodiesSent, headersSent, callBytes, set: (next: typeof mode) => (mode = next) }
}

async function till(dataDir: string, primary: ReturnType<typeof fakePrimary>, staff?: Parameters<typeof tillSales>[3]) {
  const access = new AccessPolicy({ token: () => TOKEN })
  access.listeningOn(5000)
  const sales = tillSales(PAIRING, primary.client, await TillOutbox.open(dataDir), staff)
  const app = createTillApp({
    access,
    forward: () => new Response(null, { status: 204 }),
    sales,
    setup: { state: () => ({ stage: 'till', primary: 'https://127.0.0.1:7421', till: 'door' }) }
  })
  const sell = (key: string, given: number, lines: unknown[] = [{ plantId: 1, quantity: 1 }], extra: Record<string, string> = {}) =>
    app.request('/v3/sales', {
      method: 'POST',
      headers: { host: '127.0.0.1:5000', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key, ...extra },
      body: JSON.stringify({ lines, payments: [{ method: 'cash', amount: 100, given }] })
    })
  const outbox = async () => (await app.request('/v3/outbox', { headers: { host: '127.0.0.1:5000', authorization: `Bearer ${TOKEN}` } })).json()
  return { sales, sell, outbox }
}

describe("a till's sales", () => {
  it('keeps a sale whose answer was lost and sends it again with the same key: saved once', async () => {
    const primary = fakePrimary()
    const { sales, sell } = await till(await makeTempDir(), primary)
    primary.set('lose-answer')
    expect((await sell('"a"', 100)).status).toBe(202)
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect(primary.keysSent.length).toBeGreaterThanOrEqual(2) // sent, answer lost; sent again (and again while it failed)
    expect(new Set(primary.keysSent)).toEqual(new Set(['a']))
    expect(primary.saved.size).toBe(1)
  })

  it('keeps sales made while older ones wait behind them, and sends them in the order sold', async () => {
    const primary = fakePrimary()
    const { sales, sell } = await till(await makeTempDir(), primary)
    primary.set('away')
    expect((await sell('"1"', 101)).status).toBe(202)
    primary.set('up')
    expect((await sell('"2"', 102)).status).toBe(202) // the main computer answers, but "1" still waits
    await expect.poll(() => sales.waiting()).toBe(0)
    expect((await sell('"3"', 103)).status).toBe(201)
    sales.close()
    expect([...primary.saved.keys()]).toEqual(['1', '2', '3'])
  })

  it('still has what it kept after a restart, and sends it first', async () => {
    const dataDir = await makeTempDir()
    const primary = fakePrimary()
    primary.set('away')
    const before = await till(dataDir, primary)
    expect((await before.sell('"kept"', 100)).status).toBe(202)
    before.sales.close()
    const after = await till(dataDir, primary)
    expect(after.sales.waiting()).toBe(1)
    primary.set('up')
    after.sales.flush()
    await expect.poll(() => after.sales.waiting()).toBe(0)
    after.sales.close()
    expect([...primary.saved.keys()]).toEqual(['kept'])
    expect((await TillOutbox.open(dataDir)).size).toBe(0)
  })

  it('sets aside a sale refused for another reason, with the words, and sends the others on', async () => {
    const dataDir = await makeTempDir()
    const primary = fakePrimary((key) => (key === 'gone' ? 404 : 201))
    const { sales, sell } = await till(dataDir, primary)
    primary.set('away')
    for (const [index, key] of ['1', 'gone', '3'].entries()) expect((await sell(`"${key}"`, 100 + index)).status).toBe(202)
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect([...primary.saved.keys()]).toEqual(['1', '3'])
    const refused = (await readFile(path.join(dataDir, REFUSED_FILE_NAME), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(refused).toEqual([expect.objectContaining({ key: '"gone"', why: expect.stringContaining('refused gone') })])
    // Said by the till (the banner reads it), and still after a restart: kept, never silently dropped.
    const again = await till(dataDir, primary)
    expect(await again.outbox()).toEqual({ till: true, waiting: 0, refused: 1 })
    const [listed] = await again.sales.refusedSales()
    expect(listed).toMatchObject({ key: '"gone"', why: 'refused gone', sale: { lines: [{ plantId: 1, quantity: 1 }] } })
    // Dealt with (entered by hand on the main computer): no longer counted, still in the file, and so after a restart.
    expect(await again.sales.dealtWith('"gone"')).toBe(true)
    expect(await again.sales.dealtWith('"gone"')).toBe(false)
    again.sales.close()
    const later = await till(dataDir, primary)
    expect(await later.outbox()).toEqual({ till: true, waiting: 0, refused: 0 })
    expect(await readFile(path.join(dataDir, REFUSED_FILE_NAME), 'utf8')).toContain('"dealt":"\\"gone\\""')
    later.sales.close()
  })

  it('passes the session of the member at the till on with a sale made now, so the main computer holds them to their role', async () => {
    const primary = fakePrimary()
    const { sales, sell } = await till(await makeTempDir(), primary)
    expect((await sell('"s"', 100, undefined, { 'x-plant-store-staff': 'session-of-anna' })).status).toBe(201)
    sales.close()
    expect(primary.headersSent[0]).toMatchObject({ 'x-plant-store-staff': 'session-of-anna', 'idempotency-key': '"s"' })
  })

  it('a sale kept offline carries the name of the member signed in at the till, as no session can be checked then', async () => {
    const primary = fakePrimary()
    const anna: StaffMember = { id: 3, name: 'Anna', role: 'staff', locked: false }
    let seen = true
    const staff = {
      memberOf: (session: string | null) => (session === 'session-of-anna' ? anna : undefined),
      get staffSeen() {
        return seen
      }
    }
    const { sales, sell } = await till(await makeTempDir(), primary, staff)
    primary.set('away')
    expect((await sell('"k1"', 100, undefined, { 'x-plant-store-staff': 'session-of-anna' })).status).toBe(202)
    seen = false // a till started anew knows of no member: it keeps the sale, naming none
    expect((await sell('"k2"', 100)).status).toBe(202)
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    const sent = primary.bodiesSent.flatMap((body) => (body as { sales?: { key: string; staff?: string }[] }).sales ?? [])
    expect(sent.map(({ key, staff }) => ({ key, staff }))).toEqual([
      { key: 'k1', staff: 'Anna' },
      { key: 'k2', staff: undefined }
    ])
  })

  it("holds a sale it keeps to the member's role, as the main computer would: no price change by staff, no sale without a member", async () => {
    const primary = fakePrimary()
    const anna: StaffMember = { id: 3, name: 'Anna', role: 'staff', locked: false }
    const staff = { memberOf: (session: string | null) => (session === 'session-of-anna' ? anna : undefined), staffSeen: true }
    const { sales, sell } = await till(await makeTempDir(), primary, staff)
    primary.set('away')
    const asAnna = { 'x-plant-store-staff': 'session-of-anna' }
    const discounted = await sell('"d"', 100, [{ plantId: 1, quantity: 1, discount: { amount: 99, reason: 'mate' } }], asAnna)
    expect(discounted.status).toBe(403)
    // The main computer's own refusal (staff-gate.ts, through requireMaySell): its type, title and words.
    expect(await discounted.json()).toMatchObject({
      type: PROBLEM_TYPES.staffNotAllowed,
      title: 'Not allowed for this role',
      status: 403,
      detail: 'Only a manager or the owner can change prices; Anna is signed in as staff. Nothing was changed.'
    })
    expect((await sell('"n"', 100)).status).toBe(403) // nobody signed in
    expect((await sell('"b"', 100, undefined, { 'x-plant-store-staff': 'bogus-session' })).status).toBe(403)
    expect(sales.waiting()).toBe(0)
    expect((await sell('"ok"', 100, undefined, asAnna)).status).toBe(202)
    sales.close()
  })

  it('keeps no sale once the main computer said this till was unpaired: it says so instead', async () => {
    const dataDir = await makeTempDir()
    const primary = fakePrimary()
    const { sales, sell } = await till(dataDir, primary)
    primary.set('revoked')
    expect((await sell('"r1"', 100)).status).toBe(401)
    primary.set('away') // and then away: still no sale kept for a till that cannot send it
    const refused = await sell('"r2"', 101)
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/no longer accepts the till "door"/)
    expect(sales.waiting()).toBe(0)
    sales.close()
  })

  it('answers a sale sent again with the key of one kept as kept, once; another sale under that key is refused in words', async () => {
    const primary = fakePrimary()
    const { sales, sell } = await till(await makeTempDir(), primary)
    primary.set('away')
    expect((await sell('"same"', 100)).status).toBe(202)
    expect((await sell('"same"', 100)).status).toBe(202) // a double click
    const other = await sell('"same"', 100, [{ plantId: 1, quantity: 2 }])
    expect(other.status).toBe(422)
    expect(((await other.json()) as { detail: string }).detail).toMatch(/another sale kept on this till/)
    expect(sales.waiting()).toBe(1)
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect(primary.saved.size).toBe(1)
  })

  it('keeps its sales when the main computer shows another certificate, sends it nothing, and says to pair again', async () => {
    const primary = fakePrimary()
    const { sales, sell, outbox } = await till(await makeTempDir(), primary)
    primary.set('other-certificate')
    expect((await sell('"c1"', 100)).status).toBe(202)
    expect((await sell('"c2"', 100)).status).toBe(202)
    expect(await outbox()).toEqual({ till: true, waiting: 2, refused: 0, certificateChanged: true })
    expect(primary.keysSent).toEqual([])
    primary.set('up') // paired again: the certificate is the pairing's
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect(await outbox()).toEqual({ till: true, waiting: 0, refused: 0 })
    expect([...primary.saved.keys()]).toEqual(['c1', 'c2'])
  })

  it('keeps one sale per key when two are sent at once: another sale is refused at once, a double click counted once', async () => {
    const dataDir = await makeTempDir()
    const primary = fakePrimary()
    const { sales, sell } = await till(dataDir, primary)
    primary.set('away')
    const [first, second] = await Promise.all([sell('"k"', 777), sell('"k"', 100, [{ plantId: 1, quantity: 2 }])])
    expect([first.status, second.status].sort()).toEqual([202, 422])
    const [twice, again] = await Promise.all([sell('"click"', 100), sell('"click"', 100)])
    expect([twice.status, again.status]).toEqual([202, 202])
    expect(sales.waiting()).toBe(2)
    sales.close()
    // The file holds each key once: after a restart the sale answered 202 is the one sent, and nothing is refused.
    const kept = first.status === 202 ? 777 : 100
    const after = await till(dataDir, primary)
    expect(await after.outbox()).toEqual({ till: true, waiting: 2, refused: 0 })
    primary.set('up')
    after.sales.flush()
    await expect.poll(() => after.sales.waiting()).toBe(0)
    after.sales.close()
    expect(primary.saved.size).toBe(2)
    expect(primary.saved.get('k')).toMatchObject({ payments: [{ given: kept }] })
  })

  it('a call refused as a whole is sent again one sale at a time: only the sale it cannot take is set aside', async () => {
    const dataDir = await makeTempDir()
    const primary = fakePrimary(undefined, (keys) => (keys.includes('bad') ? 400 : 200))
    const { sales, sell } = await till(dataDir, primary)
    primary.set('away')
    for (const [index, key] of ['1', 'bad', '3', '4'].entries()) expect((await sell(`"${key}"`, 100 + index)).status).toBe(202)
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect([...primary.saved.keys()]).toEqual(['1', '3', '4'])
    expect(await readFile(path.join(dataDir, REFUSED_FILE_NAME), 'utf8')).toContain('"key":"\\"bad\\""')
  })

  it('sales the main computer could not save just now (5xx: its write failed) are sent again, in the order sold', async () => {
    let calls = 0
    // The first call's write fails: each of its sales is answered 503 (one write, one outcome) and none is saved.
    const primary = fakePrimary(
      () => (calls === 1 ? 503 : 201),
      () => (calls++, 200)
    )
    const { sales, sell } = await till(await makeTempDir(), primary)
    primary.set('away')
    for (const [index, key] of ['1', '2', '3'].entries()) expect((await sell(`"${key}"`, 100 + index)).status).toBe(202)
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect(calls).toBeGreaterThanOrEqual(2)
    expect([...primary.saved.keys()]).toEqual(['1', '2', '3'])
  })

  it('sends large baskets in calls the main computer can read (within its body limit), in order', async () => {
    const primary = fakePrimary()
    const { sales, sell } = await till(await makeTempDir(), primary)
    primary.set('away')
    const line = { plantId: 1, quantity: 1, unitPrice: 100, priceReason: 'a price agreed at the door, written out at length'.repeat(2) }
    const basket = Array.from({ length: SALE_LINES_MAX }, () => line)
    for (let index = 0; index < 60; index++) expect((await sell(`"big-${index}"`, 100 + index, basket)).status).toBe(202)
    primary.callBytes.length = 0
    primary.set('up')
    sales.flush()
    await expect.poll(() => sales.waiting()).toBe(0)
    sales.close()
    expect(primary.callBytes.length).toBeGreaterThan(1)
    expect(Math.max(...primary.callBytes)).toBeLessThanOrEqual(MAX_BODY_BYTES)
    expect([...primary.saved.keys()]).toEqual(Array.from({ length: 60 }, (_, index) => `big-${index}`))
  })
})
