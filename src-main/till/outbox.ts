/**
 * A till's outbox of completed sales: while the main computer cannot be reached, a sale is kept here, durably
 * (appended and fsynced before the till answers), with its Idempotency-Key, and sent when the main computer is
 * back, in the order sold. The key makes the sending exactly-once: a sale whose answer was lost on the way (the
 * main computer stopped after saving it) is sent again with the same key, and the main computer answers it from
 * its ledger instead of selling twice.
 *
 * DATA/outbox.jsonl holds one line per event, `{"sale": {key, body, madeAt}}` when one is kept and `{"sent": key}`
 * when it arrived; what waits is every sale without its `sent`, in order. It is emptied once nothing waits. The main
 * computer never refuses a kept sale for stock (it flags a line taken below zero instead); one it refuses for another
 * reason (a plant deleted meanwhile, a price no longer set and none given) is set aside in DATA/outbox-refused.jsonl
 * with its words, never dropped.
 */
import { appendFile, open } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '#lib/durable-file'
import type { RefusedSale } from '#shared/lan'
import { readTextIfPresent } from '#lib/fs-errors'
import { serialQueue } from '#lib/serial-queue'

/** The outbox's file names in the till's data folder. */
export const OUTBOX_FILE_NAME = 'outbox.jsonl'
export const REFUSED_FILE_NAME = 'outbox-refused.jsonl'

/** A sale kept to be sent: its Idempotency-Key (as sent in the header), its body, and when it was made (absent in an older outbox). */
export interface KeptSale {
  key: string
  body: unknown
  madeAt?: string
  /** The member signed in at the till when it was made (see members.ts). */
  staff?: string
}

/** Appends `line` to `file` and fsyncs it before resolving: a sale the till said it kept survives a crash. */
async function appendDurably(file: string, line: string): Promise<void> {
  const handle = await open(file, 'a', 0o600)
  try {
    await handle.write(line)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The waiting sales of `file`, in order; a last line cut short by a crash is ignored (its sale was never confirmed). */
function waitingIn(text: string): KeptSale[] {
  const waiting = new Map<string, KeptSale>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let entry: { sale?: KeptSale; sent?: string }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      continue
    }
    if (entry.sale) waiting.set(entry.sale.key, entry.sale)
    else if (entry.sent !== undefined) waiting.delete(entry.sent)
  }
  return [...waiting.values()]
}

/**
 * The refused sales of `text` (outbox-refused.jsonl) not yet dealt with, oldest first. A refusal is a line with the
 * sale and the words; dealing with it appends `{"dealt": key}`; the file keeps both, so nothing is ever lost.
 */
function refusedIn(text: string): RefusedSale[] {
  const pending = new Map<string, RefusedSale>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let entry: (KeptSale & { why?: string; at?: string }) | { dealt?: string }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      continue // a last line cut short by a crash: its refusal is said again when the sale is sent again
    }
    if ('dealt' in entry && entry.dealt !== undefined) pending.delete(entry.dealt)
    else if ('key' in entry) pending.set(entry.key, refusedSaleOf(entry))
  }
  return [...pending.values()]
}

function refusedSaleOf(entry: KeptSale & { why?: string; at?: string }): RefusedSale {
  let why = entry.why ?? ''
  try {
    why = (JSON.parse(why) as { detail?: string }).detail ?? why // the main computer's problem: its words
  } catch {
    // words already
  }
  return {
    key: entry.key,
    ...(entry.madeAt === undefined ? {} : { madeAt: entry.madeAt }),
    ...(entry.staff === undefined ? {} : { staff: entry.staff }),
    sale: entry.body,
    why,
    at: entry.at ?? ''
  }
}

/** The outbox of one till's data folder. */
export class TillOutbox {
  readonly #file: string
  readonly #refusedFile: string
  #waiting: KeptSale[]
  /**
   * The sale kept (or being kept) under each key not yet sent, taken before the append: two sales sent at once under
   * one key would otherwise both pass a look at what waits, both be appended, and one be lost (the file's last one
   * wins on a restart, and the main computer refuses the second as a reused key).
   */
  readonly #byKey = new Map<string, Promise<KeptSale>>()
  #refusedCount: number
  /** Writes go one after another, so the file's order is the order of the calls. */
  readonly #inOrder = serialQueue()

  private constructor(dataDir: string, waiting: KeptSale[], refusedCount: number) {
    this.#file = path.join(dataDir, OUTBOX_FILE_NAME)
    this.#refusedFile = path.join(dataDir, REFUSED_FILE_NAME)
    this.#waiting = waiting
    for (const sale of waiting) this.#byKey.set(sale.key, Promise.resolve(sale))
    this.#refusedCount = refusedCount
  }

  /** Opens the outbox of `dataDir`, with what still waits from before. */
  static async open(dataDir: string): Promise<TillOutbox> {
    const text = await readTextIfPresent(path.join(dataDir, OUTBOX_FILE_NAME))
    const refused = await readTextIfPresent(path.join(dataDir, REFUSED_FILE_NAME))
    return new TillOutbox(dataDir, waitingIn(text ?? ''), refusedIn(refused ?? '').length)
  }

  /** How many sales wait to be sent. */
  get size(): number {
    return this.#waiting.length
  }

  /** How many sales the main computer refused, set aside in outbox-refused.jsonl (the till says so until they are dealt with). */
  get refusedCount(): number {
    return this.#refusedCount
  }

  /** The sale kept under `key` that waits to be sent (once on disk, if it is being kept now), if any. */
  keptWith(key: string): Promise<KeptSale> | undefined {
    return this.#byKey.get(key)
  }

  /** The refused sales not yet dealt with, oldest first. */
  async refusedSales(): Promise<RefusedSale[]> {
    return refusedIn((await readTextIfPresent(this.#refusedFile)) ?? '')
  }

  /** Marks the refused sale `key` dealt with (kept in the file); false when no refused sale waits under that key. */
  dealtWith(key: string): Promise<boolean> {
    return this.#inOrder(async () => {
      if (!(await this.refusedSales()).some((sale) => sale.key === key)) return false
      await appendDurably(this.#refusedFile, `${JSON.stringify({ dealt: key, at: new Date().toISOString() })}\n`)
      this.#refusedCount--
      return true
    })
  }

  /** The sale to send next, if any. */
  get next(): KeptSale | undefined {
    return this.#waiting[0]
  }

  /** The oldest `count` sales that wait, in order. */
  first(count: number): KeptSale[] {
    return this.#waiting.slice(0, count)
  }

  /**
   * Keeps `sale` (on disk before this resolves), unless a sale waits under its key already: resolves with the sale
   * kept under that key, `sale` itself or the one before it (whose append it waits for), for the caller to tell a
   * retry from another sale. The key is taken before the append, so a key is kept once however many come at once.
   */
  keep(sale: KeptSale): Promise<KeptSale> {
    const before = this.#byKey.get(sale.key)
    if (before) return before
    const kept = this.#inOrder(async () => {
      await appendDurably(this.#file, `${JSON.stringify({ sale })}\n`)
      this.#waiting.push(sale)
      return sale
    })
    this.#byKey.set(sale.key, kept)
    kept.catch(() => this.#byKey.delete(sale.key)) // not kept (its disk failed): the key is free for the retry
    return kept
  }

  /**
   * Marks sales as arrived (one append for all); the file is emptied once nothing waits. Not fsynced, unlike
   * {@link keep}: a mark lost in a crash only sends those sales again, with their keys, and the main computer
   * answers them from its ledger.
   */
  sent(...keys: string[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve()
    return this.#inOrder(async () => {
      await appendFile(this.#file, keys.map((key) => `${JSON.stringify({ sent: key })}\n`).join(''), { mode: 0o600 })
      const arrived = new Set(keys)
      const waiting = this.#waiting.filter((sale) => !arrived.has(sale.key))
      if (waiting.length === 0) await replaceFile(this.#file, '')
      this.#waiting = waiting // counted as sent once the file says so too
      for (const key of keys) this.#byKey.delete(key) // a sale sent again under it now is the main computer's to answer
    })
  }

  /** Sets the next sale aside, with the main computer's words, because it was refused: kept, never sent again. */
  async refused(key: string, why: string): Promise<void> {
    const sale = this.#waiting.find((waiting) => waiting.key === key)
    // The key first and always: a refusal the till cannot list (no key, no sale) would be counted but never shown.
    const refusal = { key, ...sale, why, at: new Date().toISOString() }
    await this.#inOrder(() => appendDurably(this.#refusedFile, `${JSON.stringify(refusal)}\n`))
    this.#refusedCount++
    await this.sent(key)
  }
}
