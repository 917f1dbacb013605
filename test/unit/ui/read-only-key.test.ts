// @vitest-environment happy-dom
/**
 * A screen opened with a read-only key: the server says so (GET /v3/health `scope`), and every write control is
 * disabled with one line of words, instead of offering Add, Import and the till card's actions that the server then refuses.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import { READ_ONLY_REASON } from '#renderer/stores/health'
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

const button = (wrapper: VueWrapper, scope: string, text: string) => wrapper.findAll(`${scope} button`).find((found) => found.text().includes(text))!

describe('a screen opened with a read-only key', () => {
  it('disables Add plant, Import and the till card’s Add to basket with the reason, and says so in one line', async () => {
    vi.mocked(api.client.health).mockResolvedValue({ status: 'ok', problems: [], scope: 'read-only' })
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    await useTillStore().open({ code: 'PS-2', id: 2 })
    await flushPromises()
    for (const [scope, text] of [
      ['header', 'Add plant'],
      ['header', 'Import'],
      ['dialog', 'Add to basket']
    ]) {
      const control = button(wrapper, scope!, text!)
      expect(control.attributes('disabled'), text).toBeDefined()
      expect(control.attributes('title')).toBe(READ_ONLY_REASON)
    }
    expect(wrapper.find('#connection-banner').text()).toContain('This screen may only look (read-only key)')
    wrapper.unmount()
  })

  it('leaves them enabled for a key that may change things', async () => {
    vi.mocked(api.client.health).mockResolvedValue({ status: 'ok', problems: [], scope: 'read-write' })
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    expect(button(wrapper, 'header', 'Add plant').attributes('disabled')).toBeUndefined()
    expect(wrapper.find('#connection-banner').exists()).toBe(false)
    wrapper.unmount()
  })
})
