// @vitest-environment happy-dom
/** The till card of a plant line kept in stock: "37 in stock", one pot per Enter, a number typed first, Undo, refusals. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import TheTillCard from '#renderer/components/till/TheTillCard.vue'
import { useShopStore } from '#renderer/stores/shop'
import { realApi } from './_real-api'

let client: ApiClient

beforeEach(async () => {
  setActivePinia(createPinia())
  ;({ client } = await realApi())
  await client.addPlant({ name: 'Lavender', quantity: 37, status: 'available', tags: [] })
  await client.addPlant({ name: 'Sold out', quantity: 0, status: 'sold', tags: [] })
  vi.spyOn(client, 'moveStock')
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  useShopStore().set({ currency: 'EUR', locale: 'en-GB' })
})

const press = (key: string, target: EventTarget = document.activeElement ?? document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

/** What a scanner does: the code's keys and Enter, all at once. */
function scan(code: string): void {
  for (const key of [...code, 'Enter']) press(key, document.body)
}

async function openCard(code = 'PS-1') {
  const wrapper = mount(TheTillCard, { attachTo: document.body })
  await flushPromises()
  scan(code)
  await expect.poll(() => wrapper.find('.till-stock').exists()).toBe(true)
  return wrapper
}

/** Lavender's pots in stock, as the app has them. */
const lavender = async () => (await client.getPlant(1)).quantity

describe('the till card of a line kept in stock', () => {
  it('shows "37 in stock" and sells one per press of Sell, keeping focus there for the next', async () => {
    const wrapper = await openCard()
    expect(wrapper.find('.till-stock').text()).toBe('37 in stock')
    expect(document.activeElement?.textContent?.trim()).toBe('Sell 1')
    await wrapper.find('.till-sell').trigger('click')
    await expect.poll(() => wrapper.find('.till-stock').text()).toBe('36 in stock')
    expect(client.moveStock).toHaveBeenLastCalledWith(1, { change: -1, reason: 'sold' }, undefined)
    expect(wrapper.find('[role="status"]').text()).toBe('Sold 1 — 36 left.')
    expect(document.activeElement?.textContent?.trim()).toBe('Sell 1')
    wrapper.unmount()
  })

  it('sells as many as were typed first (3, then the sale), and Undo puts them back as returned', async () => {
    const wrapper = await openCard()
    press('3')
    await flushPromises()
    expect(wrapper.find('.till-sell').text()).toBe('Sell 3')
    await wrapper.find('.till-sell').trigger('click')
    await expect.poll(lavender).toBe(34)
    expect(client.moveStock).toHaveBeenLastCalledWith(1, { change: -3, reason: 'sold' }, undefined)
    expect(wrapper.find('.till-sell').text()).toBe('Sell 1')
    await wrapper.find('.till-undo').trigger('click')
    await expect.poll(lavender).toBe(37)
    expect(client.moveStock).toHaveBeenLastCalledWith(1, { change: 3, reason: 'returned' }, undefined)
    await expect.poll(() => wrapper.find('.till-undo').exists()).toBe(false)
    wrapper.unmount()
  })

  it('says in shop words when there are not enough, selling nothing', async () => {
    const wrapper = await openCard()
    press('4')
    press('0')
    await flushPromises()
    await wrapper.find('.till-sell').trigger('click')
    await expect.poll(() => wrapper.find('[role="alert"]').exists()).toBe(true)
    expect(wrapper.find('[role="alert"]').text()).toBe('Only 37 in stock: 40 not sold.')
    expect(await lavender()).toBe(37)
    wrapper.unmount()
  })

  it('cannot sell from a line with none in stock', async () => {
    const wrapper = await openCard('PS-2')
    expect(wrapper.find('.till-stock').text()).toBe('None in stock')
    expect(wrapper.find('.till-sell').attributes('disabled')).toBeDefined()
    wrapper.unmount()
  })
})
