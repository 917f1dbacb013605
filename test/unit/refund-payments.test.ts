/** A refund's money goes back the way the sale was paid: card and other up to what they took, the rest cash. */
import { describe, expect, it } from 'vitest'
import { paidSeveralWays, refundPaymentsAsPaid } from '#shared/refund-payments'

describe('refundPaymentsAsPaid', () => {
  it('gives card money back to the card and only the rest from the drawer', () => {
    const paid = [
      { method: 'card' as const, amount: 1000 },
      { method: 'cash' as const, amount: 385 }
    ]
    expect(refundPaymentsAsPaid(1385, paid)).toEqual([
      { method: 'card', amount: 1000 },
      { method: 'cash', amount: 385 }
    ])
    expect(refundPaymentsAsPaid(550, paid)).toEqual([{ method: 'card', amount: 550 }])
  })

  it('counts what earlier refunds gave back each way, so refunding in two goes never puts more on the card than it paid', () => {
    const paid = [
      { method: 'cash' as const, amount: 499 },
      { method: 'card' as const, amount: 550 }
    ]
    const first = refundPaymentsAsPaid(550, paid)
    expect(first).toEqual([{ method: 'card', amount: 550 }])
    expect(refundPaymentsAsPaid(499, paid, [first])).toEqual([{ method: 'cash', amount: 499 }])
  })

  it('gives nothing for nothing, and cash for a cash sale', () => {
    expect(refundPaymentsAsPaid(0, [{ method: 'card', amount: 100 }])).toEqual([])
    expect(refundPaymentsAsPaid(300, [{ method: 'cash', amount: 500 }])).toEqual([{ method: 'cash', amount: 300 }])
    expect(paidSeveralWays([{ method: 'card' }, { method: 'cash' }])).toBe(true)
    expect(paidSeveralWays([{ method: 'card' }, { method: 'card' }])).toBe(false)
  })
})
