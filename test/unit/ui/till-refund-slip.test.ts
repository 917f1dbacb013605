// @vitest-environment happy-dom
/** After a refund, the Refund dialog offers "Print refund slip": the server's slip of that refund, on the chosen paper. */
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Refund, Sale } from '#shared/sale'
import TillRefundDialog from '#renderer/components/till/TillRefundDialog.vue'
import { useShopStore } from '#renderer/stores/shop'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

const sale = {
  receipt: 7,
  lines: [{ plantId: 3, name: 'Fern', quantity: 2, unitPrice: 400, discount: 0, basketDiscount: 0, taxRate: null, total: 800, tax: 0 }],
  payments: [{ method: 'cash', amount: 800 }]
} as unknown as Sale
const made = { refund: 4, receipt: 7, total: 400, lines: [{ line: 1, quantity: 1, restock: true, total: 400, tax: 0 }] } as unknown as Refund

beforeEach(() => {
  api = freshDialogTest()
  useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
  vi.mocked(api.client.getSale).mockResolvedValue(sale)
  vi.mocked(api.client.saleRefunds).mockResolvedValue([])
  vi.mocked(api.client.refundSale).mockResolvedValue(made)
  vi.mocked(api.client.refundSlipHtml).mockImplementation(
    async (receipt, refund, paper) => `<html><body><p>Refund ${refund} of receipt ${receipt} on ${paper}</p></body></html>`
  )
})

const slipText = (wrapper: ReturnType<typeof mount>) => wrapper.find('[data-testid="receipt"]').element.shadowRoot?.textContent ?? ''

describe('the refund slip', () => {
  it('is offered once a refund is made, and shows that refund’s slip to print, on the paper chosen', async () => {
    const wrapper = mount(TillRefundDialog, { attachTo: document.body })
    await wrapper.find('#refund-receipt').setValue('7')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.findAll('button').some((button) => button.text() === 'Print refund slip')).toBe(false)
    await wrapper.find('input[aria-label="Pots of Fern to refund"]').setValue('1')
    await wrapper.find('#refund-reason').setValue('wilted')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Print refund slip')!
      .trigger('click')
    await flushPromises()
    expect(wrapper.find('#receipt-title').text()).toBe('Refund slip: refund 4 of receipt 7')
    expect(slipText(wrapper)).toBe('Refund 4 of receipt 7 on 80mm')
    await wrapper.find('.receipt-paper select').setValue('58mm')
    await flushPromises()
    expect(slipText(wrapper)).toBe('Refund 4 of receipt 7 on 58mm')
    const print = vi.fn()
    vi.stubGlobal('print', print) // happy-dom has no window.print
    await wrapper.find('.receipt-print-button').trigger('click')
    expect(print).toHaveBeenCalledOnce()
    vi.unstubAllGlobals()
    await wrapper
      .findAll('.receipt-dialog button')
      .find((button) => button.text() === 'Close')!
      .trigger('click')
    expect(wrapper.find('.receipt-dialog').exists()).toBe(false)
    expect(wrapper.find('[role="status"]').text()).toContain('Refund 4 of receipt 7')
    wrapper.unmount()
  })
})
