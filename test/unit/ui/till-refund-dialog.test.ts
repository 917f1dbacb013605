// @vitest-environment happy-dom
/** The refund dialog: more pots than are left to refund of a line are said in words, and nothing is sent. */
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Refund, Sale } from '#shared/sale'
import TillRefundDialog from '#renderer/components/till/TillRefundDialog.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useStaffStore } from '#renderer/stores/staff'
import type { StaffMember } from '#shared/staff'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

const sale: Sale = {
  receipt: 12,
  at: '2026-11-28T10:00:00.000Z',
  till: 'ui',
  day: 1,
  pricesIncludeTax: true,
  lines: [
    { plantId: 1, name: 'Fern', quantity: 5, unitPrice: 400, discount: 0, basketDiscount: 0, taxRate: null, total: 2000, tax: 0 },
    { plantId: 2, name: 'Ivy', quantity: 1, unitPrice: 300, discount: 0, basketDiscount: 0, taxRate: null, total: 300, tax: 0 }
  ],
  totals: { gross: 2300, discounts: 0, tax: 0, net: 2300, taxRates: [] },
  payments: [{ method: 'cash', amount: 2300 }],
  change: 0
}
const earlier = { refund: 1, receipt: 12, lines: [{ line: 2, quantity: 1, restock: true, total: 300, tax: 0 }] } as unknown as Refund

beforeEach(() => {
  api = freshDialogTest()
  useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
  vi.mocked(api.client.getSale).mockResolvedValue(sale)
  vi.mocked(api.client.saleRefunds).mockResolvedValue([earlier])
})

async function openReceipt() {
  const wrapper = mount(TillRefundDialog, { attachTo: document.body })
  await wrapper.find('#refund-receipt').setValue('12')
  await wrapper.find('form').trigger('submit')
  await flushPromises()
  return wrapper
}

describe('the refund dialog', () => {
  it('says how many pots can be refunded when more are typed, and refunds nothing', async () => {
    const wrapper = await openReceipt()
    await wrapper.find('input[aria-label="Pots of Fern to refund"]').setValue('9')
    await wrapper.find('#refund-reason').setValue('wilted')
    expect(wrapper.find('[role="alert"]').text()).toBe('At most 5 pots of Fern can be refunded')
    expect(wrapper.find('button[type="submit"]').attributes('disabled')).toBeDefined()
    await wrapper.find('input[aria-label="Pots of Fern to refund"]').setValue('0')
    await wrapper.find('input[aria-label="Pots of Ivy to refund"]').setValue('1')
    expect(wrapper.find('[role="alert"]').text()).toBe('Ivy is refunded in full already')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.refundSale).not.toHaveBeenCalled()
    wrapper.unmount()
  })

  it('says a refund over the staff member’s limit before it is sent, with the shop’s currency', async () => {
    useStaffStore().current = { id: 2, name: 'Anna', role: 'staff', refundLimitCents: 1000 } as StaffMember
    const wrapper = await openReceipt()
    await wrapper.find('input[aria-label="Pots of Fern to refund"]').setValue('2')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false) // £8.00 is within £10.00
    await wrapper.find('input[aria-label="Pots of Fern to refund"]').setValue('3')
    expect(wrapper.find('[role="alert"]').text()).toBe(
      '£12.00 back is over Anna’s refund limit of £10.00: a manager or the owner can give this refund.'
    )
    expect(wrapper.find('button[type="submit"]').attributes('disabled')).toBeDefined()
    wrapper.unmount()
  })

  it('gives the money back as the sale was paid: card back to the card, only the rest from the drawer', async () => {
    vi.mocked(api.client.getSale).mockResolvedValue({
      ...sale,
      payments: [
        { method: 'card', amount: 1000 },
        { method: 'cash', amount: 1300 }
      ]
    })
    vi.mocked(api.client.saleRefunds).mockResolvedValue([])
    vi.mocked(api.client.refundSale).mockImplementation(async () => ({ refund: 1, receipt: 12, total: 2300 }) as unknown as Refund)
    const wrapper = await openReceipt()
    expect((wrapper.find('#refund-method').element as HTMLSelectElement).value).toBe('as-paid')
    await wrapper.find('input[aria-label="Pots of Fern to refund"]').setValue('5')
    await wrapper.find('input[aria-label="Pots of Ivy to refund"]').setValue('1')
    await wrapper.find('#refund-reason').setValue('moving house')
    expect(wrapper.find('#refund-method').text()).toContain('As paid (card £10.00, cash £13.00)')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(vi.mocked(api.client.refundSale).mock.calls[0]![1].payments).toEqual([
      { method: 'card', amount: 1000 },
      { method: 'cash', amount: 1300 }
    ])
    wrapper.unmount()
  })

  it('takes only digits (and a leading #) as a receipt number: "1.2" or "-1" opens no receipt', async () => {
    const wrapper = mount(TillRefundDialog, { attachTo: document.body })
    for (const typed of ['1.2', '-1', '0x1', '1e0']) {
      await wrapper.find('#refund-receipt').setValue(typed)
      await wrapper.find('form').trigger('submit')
      await flushPromises()
      expect(wrapper.text(), typed).toContain('Type or scan the number on the receipt')
    }
    expect(api.client.getSale).not.toHaveBeenCalled()
    await wrapper.find('#refund-receipt').setValue('#0012')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(vi.mocked(api.client.getSale).mock.calls[0]![0]).toBe(12)
    wrapper.unmount()
  })
})
