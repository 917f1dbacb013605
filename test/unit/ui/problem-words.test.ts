/**
 * Every problem the UI can meet, in the shop's words (src-renderer/src/problem-words.ts): each problem type has words,
 * and no row of the server's problem table reaches a person with an HTTP method and path, a JSON body, a header name
 * or a problem URN, whatever its detail says. The server's real details are used where the words build on them.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '#shared/api-errors'
import type { Plant } from '#shared/plant'
import { PROBLEM_TYPES } from '#shared/problem'
import type { FieldError } from '#shared/problem'
import { failureText } from '#renderer/format'
import { GENERIC_PROBLEM, PROBLEM_WORDS, hasApiWords } from '#renderer/problem-words'

/** A row of the server's problem table, as far as these tests read it. */
interface Row {
  type: string
  title: string
  status: number
  detail: (...facts: unknown[]) => string
  errors?: (...facts: unknown[]) => FieldError[]
}

/**
 * The server's problem table, read at run time: the renderer's type project cannot see the server's files (one
 * tsconfig per side), but the test runs them as they are, so every row the server has is checked.
 */
const serverTable = '#server/problems/problems'
const { PROBLEMS } = (await import(/* @vite-ignore */ serverTable)) as { PROBLEMS: Record<string, Row> }
const row = (name: string): Row => PROBLEMS[name]!

/** A detail and field error as full of API words as any the server writes. */
const API_DETAIL = 'count it first: POST /v3/plant/8/stock {"count": N, "reason": "counted"}; send If-Match and Idempotency-Key (urn:x)'
const API_FIELD = { field: 'body', message: 'send {"name", "role"} to PUT /v3/staff' }

/** The ApiError the UI's client makes of a row's answer, with the facts given. */
function answer(row: { type: string; title: string; status: number }, detail: string, more: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({ type: row.type, title: row.title, status: row.status, detail, ...more })
}

const fern = { id: 8, name: 'Fern', status: 'available', tags: [], version: 3, quantity: 0 } as unknown as Plant

describe('problems in the shop’s words', () => {
  it('has words for every problem type', () => {
    expect(Object.keys(PROBLEM_WORDS).sort()).toEqual(Object.keys(PROBLEM_TYPES).sort())
    for (const [name, words] of Object.entries(PROBLEM_WORDS)) {
      const text = words({
        type: PROBLEM_TYPES[name as keyof typeof PROBLEM_TYPES],
        title: 'T',
        status: 409,
        detail: API_DETAIL,
        errors: [API_FIELD]
      })
      expect(text.length, name).toBeGreaterThan(20)
      expect(hasApiWords(text), `${name}: ${text}`).toBe(false)
    }
  })

  it('never shows API words for any row of the server’s problem table, whatever its detail and field errors hold', () => {
    for (const [name, row] of Object.entries(PROBLEMS)) {
      const text = failureText(answer(row, API_DETAIL, { errors: [API_FIELD] }))
      expect(hasApiWords(text), `${name}: ${text}`).toBe(false)
      expect(text, name).not.toBe('')
    }
  })

  it('says a sale short of stock in pots and what to do, not the API call that counts', () => {
    const refused = answer(row('notEnoughStock'), row('notEnoughStock').detail(fern, 'sold', -1, 0), { onHand: 0 })
    expect(refused.detail).toContain('POST /v3/plant/8/stock') // what the cashier saw before
    expect(failureText(refused)).toBe(
      'Not enough in stock: the count says none, so nothing was changed. If the shelf holds more, count it first (Count it in the basket, or Stock → Stock-take).'
    )
    const two = answer(row('notEnoughStock'), row('notEnoughStock').detail({ ...fern, quantity: 2 }, 'sold', -3, 2), { onHand: 2 })
    expect(failureText(two)).toContain('the count says only 2')
  })

  it('tells a refused pairing code and an unpaired till what to do, without the API', () => {
    for (const refused of [
      answer(row('pairingRefused'), row('pairingRefused').detail('expired')),
      answer(row('tillRevoked'), row('tillRevoked').detail('till-2'))
    ]) {
      expect(refused.detail).toContain('POST /v3/pairing-codes')
      expect(failureText(refused)).toContain('Make a new pairing code on the main computer (Settings → Let other tills connect)')
    }
    const connect = row('connectRefused')
    const refusal = { status: 403, detail: row('pairingRefused').detail('unknown') }
    const atFirstRun = answer(connect, connect.detail(refusal), { errors: connect.errors!(refusal) })
    expect(failureText(atFirstRun)).toBe(
      'Not connected: the main computer refused this code: wrong, used already or expired. ' +
        'Make a new pairing code on the main computer (Settings → Let other tills connect), then connect again.'
    )
  })

  it('keeps a detail that is words for people, and says a plant deleted or changed elsewhere in words', () => {
    const locked = answer(row('staffLockedOut'), row('staffLockedOut').detail('Anna'))
    expect(failureText(locked)).toBe(locked.detail)
    expect(failureText(answer(row('plantDeleted'), row('plantDeleted').detail(8)))).toBe(
      'This plant was deleted. A manager can bring it back from the catalogue within 30 days.'
    )
    expect(failureText(answer(row('versionConflict'), row('versionConflict').detail(fern)))).toMatch(/^Someone changed this meanwhile/)
    expect(failureText(answer(row('staffSessionNeeded'), row('staffSessionNeeded').detail(true)))).toMatch(/^The till locked/)
  })

  it('falls back to a general sentence for an unknown problem whose detail holds API words, and to the detail otherwise', () => {
    expect(failureText(answer({ type: 'about:blank', title: 'Bad Gateway', status: 502 }, 'GET /v3/plant failed'))).toBe(GENERIC_PROBLEM)
    expect(failureText(answer({ type: 'about:blank', title: 'Server unreachable', status: 0 }, 'The Plant Store server did not answer.'))).toBe(
      'The Plant Store server did not answer.'
    )
  })
})
