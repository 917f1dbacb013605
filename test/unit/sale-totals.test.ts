/** The arithmetic of a sale: the basket discount shared to the cent, totals that add up, refunds that end at the line's total. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asCents } from '#shared/money'
import { priceBasket, refundShare, settle, shareOut } from '#shared/sale-totals'

const rate = { id: 'standard', name: 'Standard 19%', percent: 19 }

describe('shareOut', () => {
  it('shares exactly the amount, never more than a line has, by largest remainder', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, part) => {
          const sum = weights.reduce((a, b) => a + b, 0)
          const amount = Math.floor(sum * part)
          const shares = shareOut(amount, weights)
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : amount)
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0)
            expect(share).toBeLessThanOrEqual(weights[index]!)
          })
        }
      )
    )
    expect(shareOut(100, [900, 1000, 900])).toEqual([32, 36, 32])
    expect(shareOut(2, [1, 1, 1])).toEqual([1, 1, 0]) // a tie goes to the earlier line
  })
})

describe('priceBasket', () => {
  it('gives totals that add up whatever the prices, discounts and tax mode', () => {
    const line = fc.record({
      price: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      off: fc.double({ min: 0, max: 1, noNaN: true })
    })
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, included, basketPart) => {
          const basket = lines.map((each, index) => ({
            plantId: index + 1,
            name: `P${index}`,
            quantity: each.quantity,
            price: asCents(each.price),
            rate,
            discount: { amount: Math.floor(each.price * each.quantity * each.off), reason: 'r' }
          }))
          const left = basket.reduce((sum, each) => sum + each.price * each.quantity - each.discount.amount, 0)
          const priced = priceBasket(basket, { amount: Math.floor(left * basketPart), reason: 'b' }, included)
          if (!priced.ok) throw new Error(JSON.stringify(priced.errors))
          const { totals } = priced
          expect(totals.net).toBe(priced.lines.reduce((sum, each) => sum + each.total, 0))
          expect(totals.net).toBe(totals.gross - totals.discounts + (included ? 0 : totals.tax))
          expect(totals.taxRates.reduce((sum, each) => sum + each.base + each.tax, 0)).toBe(totals.net)
        }
      )
    )
  })

  it('refuses a discount above its line and a basket discount above the lines', () => {
    const basket = [{ plantId: 1, name: 'A', quantity: 1, price: asCents(100), discount: { amount: 101, reason: 'r' } }]
    expect(priceBasket(basket, undefined, true)).toMatchObject({ ok: false, errors: [{ field: 'lines[0].discount.amount' }] })
    expect(priceBasket([{ plantId: 1, name: 'A', quantity: 1, price: asCents(100) }], { amount: 101, reason: 'b' }, true)).toMatchObject({
      ok: false,
      errors: [{ field: 'discount.amount' }]
    })
  })
})

describe('refundShare', () => {
  it('gives back a line in any steps to exactly its total and tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5 })),
        (quantity, total, steps) => {
          const line = { quantity, total, tax: Math.floor(total / 7) }
          const refunded = { quantity: 0, total: 0, tax: 0 }
          for (const step of steps) {
            const take = Math.min(step, quantity - refunded.quantity)
            if (take === 0) break
            const share = refundShare(line, take, refunded)
            refunded.quantity += take
            refunded.total += share.total
            refunded.tax += share.tax
          }
          if (refunded.quantity === quantity) expect([refunded.total, refunded.tax]).toEqual([line.total, line.tax])
          else expect(refunded.total).toBeLessThanOrEqual(line.total)
        }
      ),
      // Found under load in a full run: 9 pots for 0.03, given back 2 at a time, gave 0.04 before the last pot.
      { examples: [[9, 3, [2, 2, 2, 2]]] }
    )
  })
})

describe('settle', () => {
  it('gives change from cash given, and refuses short, over and given on a card', () => {
    expect(settle([{ method: 'cash', amount: 450, given: 1000 }], 450)).toEqual({ ok: true, change: 550 })
    expect(settle([{ method: 'card', amount: 400 }], 450)).toMatchObject({ ok: false, short: true, paid: 400 })
    expect(settle([{ method: 'card', amount: 500 }], 450)).toMatchObject({ ok: false, short: false })
    expect(settle([{ method: 'card', amount: 450, given: 500 }], 450)).toMatchObject({ ok: false, errors: [{ field: 'payments[0].given' }] })
    // Change out of a cash payment of nothing: the drawer would pay out money no payment records.
    expect(
      settle(
        [
          { method: 'cash', amount: 0, given: 100000 },
          { method: 'card', amount: 450 }
        ],
        450
      )
    ).toMatchObject({ ok: false, errors: [{ field: 'payments[0].given', message: expect.stringMatching(/no change to give/) }] })
  })
})
