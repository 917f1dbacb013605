// @vitest-environment happy-dom
/** The Till view's keyboard: a name and Enter adds the first match, F2 opens Pay (only with a basket to pay), Esc closes it. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useApiClient } from '#renderer/api'
import TheTillView from '#renderer/components/TheTillView.vue'
import { useBasketStore } from '#renderer/stores/basket'
import { fakeApi, plant } from './_fake-api'

beforeEach(() => {
  setActivePinia(createPinia())
  sessionStorage.clear()
  useApiClient(fakeApi([plant({ id: 1, name: 'Basil', price: 3.99, quantity: 10 }), plant({ id: 2, name: 'Fern', price: 12.5 })]).client)
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
})
