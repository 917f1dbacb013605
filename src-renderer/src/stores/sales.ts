/**
 * The till's sales after the basket: a receipt to show and print, a sale looked up for a refund, the refund, and the
 * day (X report, and its close: the Z report). Each write carries its own Idempotency-Key, made once per dialog, so a
 * double click or a retry refunds or closes once.
 */
import { defineStore } from 'pinia'
import type { DayClose, DayCloseRequest, DayReport } from '#shared/day'
import type { NewRefund, ReceiptPaper, Refund, Sale } from '#shared/sale'
import { api } from '#renderer/api'

export const useSalesStore = defineStore('sales', () => {
  return {
    receiptHtml: (receipt: number, paper: ReceiptPaper): Promise<string> => api().receiptHtml(receipt, paper),
    /** The slip of a refund, to hand the customer. */
    refundSlipHtml: (receipt: number, refund: number, paper: ReceiptPaper): Promise<string> => api().refundSlipHtml(receipt, refund, paper),
    /** A sale and the refunds made of it so far. */
    lookup: async (receipt: number): Promise<{ sale: Sale; refunds: Refund[] }> => {
      const [sale, refunds] = await Promise.all([api().getSale(receipt), api().saleRefunds(receipt)])
      return { sale, refunds }
    },
    refund: (receipt: number, refund: NewRefund, idempotencyKey: string): Promise<Refund> => api().refundSale(receipt, refund, { idempotencyKey }),
    currentDay: (): Promise<DayReport> => api().currentDay(),
    closeDay: (close: DayCloseRequest, idempotencyKey: string): Promise<DayClose> => api().closeDay(close, { idempotencyKey })
  }
})
