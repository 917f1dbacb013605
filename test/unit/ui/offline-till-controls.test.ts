// @vitest-environment happy-dom
/** While the server is away, the till's write controls (bulk actions, Delete, the till card's actions) are disabled with the reason. */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import { useTillStore } from '#renderer/stores/till'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([plant({ id: 1, name: 'Agave' }), plant({ id: 2, name: 'Begonia' })])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

const named = (wrapper: VueWrapper, scope: string, text: string) => wrapper.findAll(`${scope} button`).find((button) => button.text() === text)!

function expectPaused(button: ReturnType<typeof named>): void {
  expect(button.attributes('disabled')).toBeDefined()
  expect(button.attributes('title')).toMatch(/paused until the server is back/)
}

describe('write controls while the server is away', () => {
  it('disables the selection bar’s Set status… and Delete, the dialog’s Delete and the till card’s Add to basket, with the reason', async () => {
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('tr[data-plant-id="1"] .select-box').trigger('click')
    await useTillStore().open({ code: 'PS-2', id: 2 })
    await wrapper.find('tr[data-plant-id="1"] .row-edit').trigger('click')
    await flushPromises()
    api.streamState('reconnecting')
    await flushPromises()
    expectPaused(named(wrapper, '.selection-bar', 'Set status…'))
    expectPaused(named(wrapper, '.selection-bar', 'Delete'))
    expectPaused(named(wrapper, 'dialog', 'Delete'))
    expectPaused(named(wrapper, 'dialog', 'Add to basket'))
    expect(named(wrapper, '.selection-bar', 'Print labels').attributes('disabled')).toBeUndefined()
    api.streamState('open')
    await flushPromises()
    expect(named(wrapper, '.selection-bar', 'Delete').attributes('disabled')).toBeUndefined()
    expect(named(wrapper, 'dialog', 'Add to basket').attributes('disabled')).toBeUndefined()
    wrapper.unmount()
  })
})
