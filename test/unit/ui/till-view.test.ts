// @vitest-environment happy-dom
/** The Till view's keyboard: a name and Enter adds the first match, F2 opens Pay (only with a basket to pay), Esc closes it. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useApiClient } from '#renderer/api'
import TheTillView from '#renderer/components/till/TheTillView.vue'
import TillPayDialog from '#renderer/components/till/TillPayDialog.vue'
import TillReceiptDialog from '#renderer/components/till/TillReceiptDialog.vue'
import { useBasketStore } from '#renderer/stores/basket'
import { usePlantsStore } from '#renderer/stores/plants'
import { useStaffStore } from '#renderer/stores/staff'
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import { fakeApi, plant } from './_fake-api'

let api: ReturnType<typeof fakeApi>
beforeEach(() => {
  setActivePinia(createPinia())
  sessionStorage.clear()
  api = fakeApi([plant({ id: 1, name: 'Basil', price: 3.99, quantity: 10 }), plant({ id: 2, name: 'Fern', price: 12.5 })])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

describe('the Till view', () => {
  it('adds the first match of a name on Enter, and pays with F2', async () => {
    const wrapper = mount(TheTillView, { attachTo: document.body })
    await flushPromises()
    press('F2')
    await flushPromises()
    expect(wrapper.find('.till-pay-dialog').exists()).toBe(false)
    await wrapper.find('#till-find').setValue('fern')
    await flushPromises()
    await wrapper.find('form.till-find').trigger('submit')
    await flushPromises()
    expect(useBasketStore().basket.lines.map((line) => line.name)).toEqual(['Fern'])
    expect(wrapper.find('[role="status"]').text()).toBe('Added Fern.')
    press('F2')
    await flushPromises()
    expect(wrapper.find('.till-pay-dialog').exists()).toBe(true)
    await wrapper.find('.till-pay-dialog').trigger('cancel')
    await flushPromises()
    expect(wrapper.find('.till-pay-dialog').exists()).toBe(false)
    wrapper.unmount()
  })

  it('gives a staff member no Price or Discount to press, saying why: a discount is a price change too', async () => {
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: [{ id: 3, name: 'Anna', role: 'staff', locked: false }], lockAfterMinutes: 5 })
    const staff = useStaffStore()
    await staff.load()
    await staff.signIn(3, '2222')
    const wrapper = mount(TheTillView, { attachTo: document.body })
    await flushPromises()
    useBasketStore().add(plant({ id: 2, name: 'Fern', price: 12.5 }))
    await flushPromises()
    for (const label of ['Price of Fern', 'Discount on Fern']) {
      const button = wrapper.find(`button[aria-label="${label}"]`)
      expect(button.attributes('disabled'), label).toBeDefined()
      expect(button.attributes('title')).toBe('Only a manager or the owner can change prices')
    }
    const onBasket = wrapper.findAll('button').find((button) => button.text() === 'Discount on basket')!
    expect(onBasket.attributes('disabled')).toBeDefined()
    wrapper.unmount()
  })

  it('says a sale kept on a till while the main computer is away is sold and kept, with no receipt to print yet', async () => {
    const wrapper = mount(TheTillView, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#till-find').setValue('fern')
    await flushPromises()
    await wrapper.find('form.till-find').trigger('submit')
    await flushPromises()
    press('F2')
    await flushPromises()
    wrapper.findComponent(TillPayDialog).vm.$emit('sold', { kept: true, key: '"k"', waiting: 2 })
    await flushPromises()
    expect(wrapper.find('[role="status"]').text()).toMatch(/^Sold, and kept on this till: .* \(2 sales wait\)/)
    expect(wrapper.find('.till-pay-dialog').exists()).toBe(false)
    expect(wrapper.text()).not.toMatch(/receipt undefined|Receipt undefined/)
    expect(wrapper.findComponent(TillReceiptDialog).exists()).toBe(false)
    wrapper.unmount()
  })

  it('waits with Pay for a line short of stock, except on a till whose main computer is away (the sale is kept there)', async () => {
    const wrapper = mount(TheTillView, { attachTo: document.body })
    await flushPromises()
    useBasketStore().add(plant({ id: 3, name: 'Ivy', price: 4, quantity: 0 }))
    await flushPromises()
    const pay = () => wrapper.get('button.till-pay')
    expect(pay().attributes('disabled')).toBeDefined()
    expect(wrapper.get('#till-pay-waits').text()).toBe('Ivy: 1 asked, none in stock. Count it if the shelf holds more, or take pots off.')
    usePlantsStore().streamError = new ApiError({ type: PROBLEM_TYPES.primaryUnreachable, title: 'Away', status: 503, detail: 'away' })
    await flushPromises()
    expect(pay().attributes('disabled')).toBeUndefined()
    wrapper.unmount()
  })
})
