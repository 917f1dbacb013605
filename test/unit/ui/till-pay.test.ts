// @vitest-environment happy-dom
/** The Pay dialog: cash given and the change, a split with card, refusals in words, and one sale for a double submit. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import type { Sale } from '#shared/sale'
import { useApiClient } from '#renderer/api'
import TillPayDialog from '#renderer/components/till/TillPayDialog.vue'
import { useBasketStore } from '#renderer/stores/basket'
import { useShopStore } from '#renderer/stores/shop'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(async () => {
  setActivePinia(createPinia())
  api = fakeApi([])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
  const basket = useBasketStore()
  await basket.load('till-1')
  basket.add(plant({ id: 1, name: 'Basil', price: 3.99, quantity: 10 }))
  basket.add(plant({ id: 2, name: 'Fern', price: 12.5 }))
})

async function payWith(fields: Record<string, string>) {
  const wrapper = mount(TillPayDialog, { attachTo: document.body })
  for (const [id, value] of Object.entries(fields)) await wrapper.find(`#${id}`).setValue(value)
  return wrapper
}

describe('the Pay dialog', () => {
  it('shows the change of the cash given, and sends cash with what was given', async () => {
    vi.mocked(api.client.completeSale).mockResolvedValue({ receipt: 1 } as Sale)
    const wrapper = await payWith({ 'pay-given': '20' })
    expect(wrapper.find('[data-testid="change"]').text()).toBe('£3.51')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(vi.mocked(api.client.completeSale).mock.calls[0]![0].payments).toEqual([{ method: 'cash', amount: 1649, given: 2000 }])
    expect(wrapper.emitted('sold')).toEqual([[{ receipt: 1 }]])
  })

  it('splits card and cash: cash pays the rest', async () => {
    vi.mocked(api.client.completeSale).mockResolvedValue({ receipt: 2 } as Sale)
    const wrapper = await payWith({ 'pay-card': '10', 'pay-given': '10' })
    expect(wrapper.find('[data-testid="change"]').text()).toBe('£3.51')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(vi.mocked(api.client.completeSale).mock.calls[0]![0].payments).toEqual([
      { method: 'cash', amount: 649, given: 1000 },
      { method: 'card', amount: 1000 }
    ])
  })

  it('refuses cash given short and card above the total in words, sending nothing', async () => {
    const short = await payWith({ 'pay-given': '10' })
    expect(short.find('.pay-fault').text()).toBe('Cash given is £6.49 short of £16.49')
    expect(short.find('button[type="submit"]').attributes('disabled')).toBeDefined()
    short.unmount()
    const over = await payWith({ 'pay-card': '20' })
    expect(over.find('.pay-fault').text()).toBe('Card and other come to more than the total of £16.49')
    await over.find('form').trigger('submit')
    over.unmount()
    // The card pays it all: cash given would show change no payment records (the drawer paying out for nothing).
    const paidByCard = await payWith({ 'pay-card': '16.49', 'pay-given': '1000' })
    expect(paidByCard.find('.pay-fault').text()).toBe('Card and other pay the whole total: no cash is due, so leave Cash given empty')
    expect(paidByCard.find('[data-testid="change"]').exists()).toBe(false)
    await paidByCard.find('form').trigger('submit')
    expect(api.client.completeSale).not.toHaveBeenCalled()
  })

  it('sells once for a double submit', async () => {
    let answer: (sale: Sale) => void = () => {}
    vi.mocked(api.client.completeSale).mockImplementation(() => new Promise<Sale>((resolve) => (answer = resolve)))
    const wrapper = await payWith({})
    await wrapper.find('form').trigger('submit')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    answer({ receipt: 3 } as Sale)
    await flushPromises()
    expect(api.client.completeSale).toHaveBeenCalledTimes(1)
    expect(wrapper.emitted('sold')).toHaveLength(1)
  })

  it('says a sale refused for stock in shop words, without the API call the server names', async () => {
    const detail =
      'Plant 1 ("Basil") has 0 in stock; a sale of 1 would take it below zero. Nothing was changed. ' +
      'If the shelf holds more than that, count it first: POST /v3/plant/1/stock {"count": N, "reason": "counted"}.'
    vi.mocked(api.client.completeSale).mockRejectedValue(
      new ApiError({ type: PROBLEM_TYPES.notEnoughStock, title: 'Not enough stock', status: 409, detail, plantId: 1, onHand: 0 })
    )
    const wrapper = await payWith({ 'pay-card': '16.49' })
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.findAll('[role="alert"]').at(-1)!.text()).toBe(
      'The sale was not completed: Not enough in stock: the count says none, so nothing was changed. ' +
        'If the shelf holds more, count it first (Count it in the basket, or Stock → Stock-take). Complete sale tries again (it cannot sell twice).'
    )
    wrapper.unmount()
  })
})
