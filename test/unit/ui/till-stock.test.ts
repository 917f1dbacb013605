// @vitest-environment happy-dom
/**
 * The till card of a plant line kept in stock: "37 in stock", Add to basket (one pot per Enter, or a number typed first)
 * rings a real sale up in the Till view; Take off stock moves pots with no sale (a write-off), with Undo; refusals.
 */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import TheTillCard from '#renderer/components/till/TheTillCard.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useBasketStore } from '#renderer/stores/basket'
import { useViewStore } from '#renderer/stores/view'
import { TAKE_OFF_NOTE } from '#renderer/stores/till'
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
  it('shows "37 in stock"; Add to basket puts the pots typed first (3) in the basket, moving no stock until paid', async () => {
    const wrapper = await openCard()
    expect(wrapper.find('.till-stock').text()).toBe('37 in stock')
    expect(document.activeElement?.textContent?.trim()).toBe('Add 1 to basket')
    press('3')
    await flushPromises()
    expect(wrapper.find('.till-sell').text()).toBe('Add 3 to basket')
    await wrapper.find('.till-sell').trigger('click')
    await expect.poll(() => useViewStore().current).toBe('till')
    expect(useBasketStore().basket.lines).toMatchObject([{ plantId: 1, name: 'Lavender', single: false, quantity: 3 }])
    // Kept on the server as it is, so the Till view reads back the same basket.
    await expect.poll(async () => (await client.getBasket(useBasketStore().basketId))?.lines[0]?.quantity).toBe(3)
    expect(client.moveStock).not.toHaveBeenCalled()
    expect(await lavender()).toBe(37)
    wrapper.unmount()
  })

  it('takes pots off stock with no payment as a write-off (never a sale), and Undo puts them back', async () => {
    const wrapper = await openCard()
    press('2')
    await flushPromises()
    expect(wrapper.find('.till-take-off').text()).toBe('Take 2 off stock (no payment)')
    await wrapper.find('.till-take-off').trigger('click')
    await expect.poll(lavender).toBe(35)
    expect(client.moveStock).toHaveBeenLastCalledWith(1, { change: -2, reason: 'written-off', note: TAKE_OFF_NOTE }, undefined)
    expect(wrapper.find('[role="status"]').text()).toBe('Taken off 2 — 35 left.')
    const report = await client.stockReport()
    expect(report.moved).toEqual({ 'written-off': -2 })
    expect(report.writtenOff.reasons).toEqual([{ reason: TAKE_OFF_NOTE, pots: 2 }])
    await wrapper.find('.till-undo').trigger('click')
    await expect.poll(lavender).toBe(37)
    expect(client.moveStock).toHaveBeenLastCalledWith(1, expect.objectContaining({ change: 2, reason: 'received' }), undefined)
    await expect.poll(() => wrapper.find('.till-undo').exists()).toBe(false)
    expect(useBasketStore().basket.lines).toEqual([])
    wrapper.unmount()
  })

  it('says in shop words when there are not enough, adding or taking off nothing', async () => {
    const wrapper = await openCard()
    press('4')
    press('0')
    await flushPromises()
    await wrapper.find('.till-sell').trigger('click')
    await expect.poll(() => wrapper.find('[role="alert"]').exists()).toBe(true)
    expect(wrapper.find('[role="alert"]').text()).toBe('Only 37 in stock: 40 not added.')
    expect(useBasketStore().basket.lines).toEqual([])
    press('4')
    press('0')
    await flushPromises()
    await wrapper.find('.till-take-off').trigger('click')
    await expect.poll(() => wrapper.find('[role="alert"]').text()).toBe('Only 37 in stock: 40 not taken off.')
    expect(await lavender()).toBe(37)
    wrapper.unmount()
  })

  it('cannot add or take off from a line with none in stock', async () => {
    const wrapper = await openCard('PS-2')
    expect(wrapper.find('.till-stock').text()).toBe('None in stock')
    expect(wrapper.find('.till-sell').attributes('disabled')).toBeDefined()
    expect(wrapper.find('.till-take-off').attributes('disabled')).toBeDefined()
    wrapper.unmount()
  })
})
