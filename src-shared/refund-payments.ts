/**
 * How a refund's money goes back when nobody chooses one method: the way the customer paid. Each card or other
 * payment of the sale takes back up to what it paid (less what earlier refunds gave back that way), in the sale's
 * order; the rest is cash. So a sale paid £10 by card and £3.85 in cash, refunded whole, gives £10 back to the card
 * and £3.85 from the drawer, never £13.85 of cash for money the drawer never took.
 */
import type { Payment, PaymentMethod } from './sale'

export function refundPaymentsAsPaid(
  amount: number,
  salePayments: readonly Pick<Payment, 'method' | 'amount'>[],
  earlierRefunds: readonly (readonly Pick<Payment, 'method' | 'amount'>[])[] = []
): { method: PaymentMethod; amount: number }[] {
  if (amount <= 0) return []
  const givenBack = new Map<PaymentMethod, number>()
  for (const payment of earlierRefunds.flat()) givenBack.set(payment.method, (givenBack.get(payment.method) ?? 0) + payment.amount)
  const paid = new Map<PaymentMethod, number>()
  for (const payment of salePayments) paid.set(payment.method, (paid.get(payment.method) ?? 0) + payment.amount)
  const back: { method: PaymentMethod; amount: number }[] = []
  let left = amount
  for (const [method, total] of paid) {
    if (method === 'cash' || left === 0) continue
    const room = Math.max(0, total - (givenBack.get(method) ?? 0))
    const share = Math.min(room, left)
    if (share > 0) back.push({ method, amount: share })
    left -= share
  }
  if (left > 0) back.push({ method: 'cash', amount: left })
  return back
}

/** True when a sale was paid more than one way: its refund then goes back as paid unless someone chooses. */
export const paidSeveralWays = (payments: readonly Pick<Payment, 'method'>[]): boolean => new Set(payments.map((payment) => payment.method)).size > 1
