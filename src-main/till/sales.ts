/**
 * Completed sales on a paired till: sent to the main computer at once when it answers, kept in the till's outbox
 * (outbox.ts) when it cannot be reached, and the outbox sent in order as soon as it is back: up to
 * OFFLINE_SALES_MAX sales per call to POST /v3/offline-sales, which completes them in that order with one fsync and
 * never refuses them for stock. Sales go one after another through one queue, so a sale made while older ones wait
 * is kept behind them, never sent before them.
 */
import { API_BASE, MAX_BODY_BYTES } from '#shared/api-paths'
import type { KeptSaleAnswer } from '#shared/lan'
import { OFFLINE_SALES_MAX, OFFLINE_SALES_PATH, type OfflineSalesAnswer } from '#shared/offline-sales'
import { SALE_PATHS } from '#shared/sale'
import { STAFF_SESSION_HEADER, type StaffMember } from '#shared/staff'
import { CertificateMismatchError, type PinnedClient } from '#lib/pinned-tls'
import { serialQueue } from '#lib/serial-queue'
import { keyOf, problem } from '#server'
import { checkKeptSale, type ReadCopy } from './kept-sale-check'
import type { KeptSale, TillOutbox } from './outbox'
import { hostOf, type TillPairing } from './pairing'
import type { OutboxPort } from './routes/outbox'
import type { SalesPort, TillSaleRequest } from './routes/sales'

/** How soon a kept sale is tried again while the main computer stays away. */
const RETRY_MS = 250

/** How long a sale waits for the main computer before it is kept instead (a switched-off computer answers nothing). */
const SEND_TIMEOUT_MS = 5000

/** What a call of kept sales adds to their bodies: the wrapper, and per sale its key (at most 255), time and field names. */
const CALL_BYTES = 64
const SALE_BYTES = 400

/** What became of one attempt to send a sale. */
type Sent =
  { kind: 'answered'; status: number; headers: Headers; text: string } | { kind: 'unreachable' | 'certificate-changed' | 'revoked' | 'busy' }

/**
 * The sales of one paired till: what its sale and outbox routes (routes/sales.ts, routes/outbox.ts) ask of them. A sale
 * is sent on, or kept when the main computer cannot be reached; the refused ones are those set aside in outbox-refused.jsonl.
 */
export interface TillSales extends SalesPort, OutboxPort {
  /** Sends what waits, now (at start, and whenever a sale was kept). */
  flush(): void
  /** Stops trying again (the till stops). */
  close(): void
}

/** Sales of `pairing`'s till through `client`, kept in `outbox` while the main computer is away. */
export function tillSales(
  pairing: TillPairing,
  client: PinnedClient,
  outbox: TillOutbox,
  /** The members signed in at this till (members.ts): a kept sale is held to its member's role and names them. */
  staff?: { memberOf(session: string | null): StaffMember | undefined; readonly staffSeen: boolean },
  /** The till's read copy of the main computer (routes/offline-reads.ts): a sale is checked against it before it is kept. */
  copy?: ReadCopy
): TillSales {
  const inTurn = serialQueue()
  let retry: NodeJS.Timeout | undefined
  let flushing = false
  let closed = false
  /** After the main computer refused a whole call (a body it cannot read): send one sale per call until that one is set aside. */
  let oneByOne = false

  /** Sends a sale made now, with the session of the member at the till (if any): the main computer holds them to their role. */
  const send = (sale: KeptSale, staffSession: string | null): Promise<Sent> =>
    post(SALE_PATHS.sales, sale.body, { 'idempotency-key': sale.key, ...(staffSession ? { [STAFF_SESSION_HEADER]: staffSession } : {}) })
  /** Set when the main computer said this till was unpaired: no sale is kept for it any more (it would never arrive). */
  let revoked = false
  /**
   * Set when the main computer's address showed another certificate than the one this till was paired with: nothing
   * is sent there (it may be another computer), sales are kept as while it is away, and the till says to pair again.
   */
  let certificateChanged = false

  /** Sends kept sales, oldest first, as made offline. */
  const sendKept = (sales: KeptSale[]): Promise<Sent> =>
    post(OFFLINE_SALES_PATH, {
      sales: sales.map(({ key, body, madeAt, staff }) => ({
        key: keyOf(key) ?? key,
        madeAt: madeAt ?? new Date().toISOString(),
        sale: body,
        ...(staff === undefined ? {} : { staff })
      }))
    })

  async function post(route: string, json: unknown, extra: Record<string, string> = {}): Promise<Sent> {
    const body = JSON.stringify(json)
    try {
      const answer = await client.request({
        method: 'POST',
        path: API_BASE + route,
        headers: {
          host: hostOf(pairing.origin),
          authorization: `Bearer ${pairing.token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...extra
        },
        body,
        timeoutMs: SEND_TIMEOUT_MS
      })
      let text = ''
      for await (const chunk of answer) text += String(chunk)
      const status = answer.statusCode ?? 502
      if (status === 401) return { kind: 'revoked' }
      if (status >= 500 || status === 408 || status === 429) return { kind: 'busy' }
      const headers = new Headers()
      for (const name of ['content-type', 'location', 'idempotent-replayed']) {
        const value = answer.headers[name]
        if (typeof value === 'string') headers.set(name, value)
      }
      return { kind: 'answered', status, headers, text }
    } catch (error) {
      return { kind: error instanceof CertificateMismatchError ? 'certificate-changed' : 'unreachable' }
    }
  }

  /** The oldest kept sales that fit one call: at most OFFLINE_SALES_MAX, and within the main computer's body limit. */
  function nextCall(): KeptSale[] {
    const call: KeptSale[] = []
    let bytes = CALL_BYTES
    for (const sale of outbox.first(oneByOne ? 1 : OFFLINE_SALES_MAX)) {
      bytes += Buffer.byteLength(JSON.stringify(sale.body)) + SALE_BYTES
      if (call.length > 0 && bytes > MAX_BODY_BYTES) break
      call.push(sale)
    }
    return call
  }

  /** Sends the oldest kept sales; true when there may be more to send now. */
  async function sendNext(): Promise<boolean> {
    const sales = nextCall()
    if (sales.length === 0) return false
    const sent = await sendKept(sales)
    revoked = sent.kind === 'revoked' || (revoked && sent.kind !== 'answered')
    certificateChanged = sent.kind === 'certificate-changed' || (certificateChanged && sent.kind !== 'answered')
    if (sent.kind !== 'answered') return false
    if (sent.status >= 300) {
      // The call as a whole was refused: find the sale it cannot take by sending one at a time, and set that one aside.
      if (sales.length > 1) return (oneByOne = true)
      await outbox.refused(sales[0]!.key, sent.text)
      oneByOne = false
      return true
    }
    let answer: OfflineSalesAnswer
    try {
      answer = JSON.parse(sent.text) as OfflineSalesAnswer
    } catch {
      return false // not the answer of a main computer that took them: all go again in a moment, with their keys
    }
    return settle(sales, answer.results ?? [])
  }

  /**
   * Marks what each sale sent became: arrived, or set aside with the main computer's words. Stops at a sale it could
   * not save now (a 5xx: its disk, say), which goes again, first, in a moment; false then.
   */
  async function settle(sales: KeptSale[], results: OfflineSalesAnswer['results']): Promise<boolean> {
    let arrived: string[] = []
    for (const [index, sale] of sales.entries()) {
      const result = results[index]
      if (result && result.status < 300) {
        arrived.push(sale.key)
        continue
      }
      await outbox.sent(...arrived)
      arrived = []
      if (!result || result.status >= 500 || result.status === 408 || result.status === 429) return false
      await outbox.refused(sale.key, JSON.stringify('problem' in result ? result.problem : result))
    }
    await outbox.sent(...arrived)
    return true
  }

  function flush(): void {
    if (closed || flushing || retry !== undefined) return
    flushing = true
    void (async () => {
      while (!closed && outbox.size > 0 && (await inTurn(sendNext)));
      flushing = false
      // Still waiting: the main computer is away (or refused this till); try again in a moment.
      if (!closed && outbox.size > 0) retry = setTimeout(() => ((retry = undefined), flush()), RETRY_MS)
    })()
  }

  async function sell(request: TillSaleRequest): Promise<Response | KeptSaleAnswer> {
    const { key, body } = request
    if (revoked) throw problem('tillRevoked', pairing.till)
    const kept = outbox.keptWith(key)
    if (kept) return keptAgain(await kept, request.sale)
    // Older sales wait: this one goes behind them at once, without waiting for an attempt to send them.
    if (outbox.size > 0) return keep(toKeep(request))
    return inTurn(async () => {
      if (outbox.size === 0) {
        const sent = await send({ key, body }, request.session)
        revoked = sent.kind === 'revoked'
        certificateChanged = sent.kind === 'certificate-changed'
        if (sent.kind === 'answered') return new Response(sent.text, { status: sent.status, headers: sent.headers })
        if (sent.kind === 'revoked') throw problem('tillRevoked', pairing.till)
        // Another certificate: kept like a sale made while the main computer is away, never sent to whoever answers.
      }
      return keep(toKeep(request))
    })
  }

  /**
   * A sale sent again with the key of one kept: the same sale (a retry, a double click) is answered as kept, once;
   * another sale under that key is refused as the main computer would refuse it, rather than vanish when it arrives.
   */
  function keptAgain(kept: KeptSale, sale: unknown): KeptSaleAnswer {
    if (JSON.stringify(kept.body) !== JSON.stringify(sale)) {
      const message = 'this Idempotency-Key is that of another sale kept on this till: send each sale with a key of its own'
      throw problem('saleKeyReused', 'The sale was not completed', [{ field: 'Idempotency-Key', message }])
    }
    return keptAnswer(kept.key)
  }

  /**
   * A sale to keep: made now, by the member whose session sent it, held to their role here as the main computer would
   * hold it (no session can be checked there now). A till that saw no member sign in since it started knows of no staff.
   * Then priced from the read copy: a sale the main computer would surely refuse is refused now (kept-sale-check.ts).
   */
  function toKeep({ key, sale, session, holdToRole }: TillSaleRequest): KeptSale {
    const member = staff?.memberOf(session)
    if (!member && staff?.staffSeen) throw problem('staffSessionNeeded', session !== null)
    if (member) holdToRole(member)
    if (copy) checkKeptSale(sale, copy)
    return { key, body: sale, madeAt: new Date().toISOString(), ...(member === undefined ? {} : { staff: member.name }) }
  }

  /** Keeps a sale: on disk before the till says "sold" (202), then sent when the main computer is back. */
  async function keep(sale: KeptSale): Promise<KeptSaleAnswer> {
    const kept = await outbox.keep(sale)
    if (kept !== sale) return keptAgain(kept, sale.body) // sent at once under the key of another being kept
    flush()
    return keptAnswer(sale.key)
  }

  /** The till's word that the sale under `key` is kept (answered 202): on its disk, sent when the main computer is back. */
  function keptAnswer(key: string): KeptSaleAnswer {
    return { kept: true, key, waiting: outbox.size }
  }

  return {
    sell,
    waiting: () => outbox.size,
    certificateChanged: () => certificateChanged,
    refused: () => outbox.refusedCount,
    refusedSales: () => outbox.refusedSales(),
    dealtWith: (key) => outbox.dealtWith(key),
    flush,
    close: () => {
      closed = true
      clearTimeout(retry)
    }
  }
}
