// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-errors'
import { useApiClient } from '#renderer/api'
import TheTillCard from '#renderer/components/till/TheTillCard.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useTillStore } from '#renderer/stores/till'
import { useBasketStore } from '#renderer/stores/basket'
import { useViewStore } from '#renderer/stores/view'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([
    plant({ id: 1, name: 'Monstera deliciosa', category: 'Aroids', tags: ['indoor', 'shade'], price: 24.5 } as Parameters<typeof plant>[0]),
    plant({ id: 2, name: 'Aloe', status: 'sold' })
  ])
  // Like the server: an unknown id is a 404 problem; id 9 was deleted.
  vi.mocked(api.client.getPlant).mockImplementation(async (id: number) => {
    const found = api.plants.find((p) => p.id === id)
    if (found) return { ...found }
    const detail = id === 9 ? 'plant 9 was deleted' : `There is no plant with id ${id}.`
    throw new ApiError({ type: 'x', title: 'Plant not found', status: 404, detail })
  })
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  useShopStore().set({ currency: 'EUR', locale: 'de-DE' })
})

/** The time stamps of the scanner's keys: a scan is told from typing by them, never by how fast the test runs. */
let scannerClock = 0

/** What a scanner does: the code's keys and Enter, 4 ms apart by their time stamps (as its queued keys arrive). */
function scan(code: string, target: EventTarget = document.body): void {
  scannerClock += 1000
  for (const key of [...code, 'Enter']) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    Object.defineProperty(event, 'timeStamp', { value: (scannerClock += 4) })
    target.dispatchEvent(event)
  }
}

async function mountCard() {
  const wrapper = mount(TheTillCard, { attachTo: document.body })
  await flushPromises()
  return wrapper
}

describe('the till card', () => {
  it('opens on a scan: named dialog, big name, price in the shop’s currency, status, tags, Add to basket focused', async () => {
    const wrapper = await mountCard()
    expect(wrapper.find('dialog').exists()).toBe(false)
    scan('PS-1')
    await flushPromises()
    const dialog = wrapper.find('dialog')
    expect(dialog.attributes('aria-label')).toBe('Plant PS-1: Monstera deliciosa')
    expect(dialog.find('h2').text()).toBe('Monstera deliciosa')
    expect(dialog.find('.till-price').text().replace(/\s/g, ' ')).toBe('24,50 €')
    expect(dialog.find('.status-badge').text()).toBe('Available')
    expect(dialog.findAll('.tag-chip').map((chip) => chip.text())).toEqual(['indoor', 'shade'])
    expect(document.activeElement?.textContent?.trim()).toBe('Add to basket')
    wrapper.unmount()
  })

  it('rings a single plant up as a real sale: Add to basket puts it in the Till view’s basket and shows that view', async () => {
    const wrapper = await mountCard()
    useViewStore().current = 'catalogue'
    scan('PS-1')
    await flushPromises()
    expect(wrapper.find('.till-take-off').exists()).toBe(false) // a single plant leaves through the basket only
    await wrapper.find('.till-sell').trigger('click')
    await flushPromises()
    expect(useViewStore().current).toBe('till')
    expect(wrapper.find('dialog').exists()).toBe(false)
    expect(useBasketStore().basket.lines).toMatchObject([{ plantId: 1, name: 'Monstera deliciosa', single: true, quantity: 1, price: 2450 }])
    // Nothing changes hands until it is paid: no status change, no stock movement.
    expect(api.client.savePlant).not.toHaveBeenCalled()
    expect(api.client.moveStock).not.toHaveBeenCalled()
    expect(api.client.putBasket).toHaveBeenLastCalledWith(
      useBasketStore().basketId,
      expect.objectContaining({ lines: [expect.objectContaining({ plantId: 1 })] })
    )
    wrapper.unmount()
  })

  it('says clearly when a code names no plant, or a deleted one', async () => {
    const wrapper = await mountCard()
    scan('PS-999')
    await flushPromises()
    expect(wrapper.find('dialog').attributes('aria-label')).toBe('No plant PS-999')
    expect(wrapper.find('[role="alert"]').text()).toBe('No plant PS-999 — it may have been deleted.')
    scan('PS-9')
    await flushPromises()
    expect(wrapper.find('dialog').attributes('aria-label')).toBe('Plant PS-9 was deleted')
    useTillStore().rememberDeleted(5)
    scan('PS-5')
    await flushPromises()
    expect(wrapper.find('dialog').attributes('aria-label')).toBe('Plant PS-5 was deleted')
    wrapper.unmount()
  })

  it('cannot add a plant already sold; Esc closes the card', async () => {
    const wrapper = await mountCard()
    scan('PS-2')
    await flushPromises()
    expect(wrapper.find('.till-sell').attributes('disabled')).toBeDefined()
    expect(wrapper.find('.till-sell').text()).toBe('Already sold')
    await wrapper.find('dialog').trigger('cancel')
    expect(wrapper.find('dialog').exists()).toBe(false)
    wrapper.unmount()
  })

  it('ignores scans while another dialog owns the keyboard', async () => {
    const other = document.createElement('dialog')
    other.setAttribute('open', '')
    document.body.append(other)
    const wrapper = await mountCard()
    scan('PS-1')
    await flushPromises()
    expect(wrapper.find('dialog.till-card').exists()).toBe(false)
    other.remove()
    wrapper.unmount()
  })
})
