// @vitest-environment happy-dom
/** The Stock view: receive and write off line by line (scan or find, number, Enter), and a stock-take reviewed before it is applied. */
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import TheStockView from '#renderer/components/stock/TheStockView.vue'
import { useStockStore } from '#renderer/stores/stock'
import { realApi, type RealApiForTests } from './_real-api'

let client: ApiClient
let settled: RealApiForTests['settled']
let wrapper: VueWrapper

beforeEach(async () => {
  setActivePinia(createPinia())
  ;({ client, settled } = await realApi())
  for (const [name, quantity] of [
    ['Lavender', 10],
    ['Lupin', 4],
    ['Fern', 6],
    ['Oak', undefined]
  ] as const) {
    await client.addPlant({ name, quantity, status: 'available', tags: [] })
  }
  vi.spyOn(client, 'moveStock')
  vi.spyOn(client, 'moveBulkStock')
  wrapper = mount(TheStockView, { attachTo: document.body })
  await settled()
})

afterEach(() => wrapper.unmount())

const key = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

/** Scans a label: the code's keys and Enter, all at once, into the focused field. */
async function scan(id: number): Promise<void> {
  const input = wrapper.find('#stock-find').element as HTMLInputElement
  input.value = `PS-${id}`
  input.dispatchEvent(new Event('input'))
  for (const code of [...`PS-${id}`, 'Enter']) key(input, code)
  await settled()
}

async function enter(pots: string, reason?: string): Promise<void> {
  await wrapper.find('#stock-pots').setValue(pots)
  if (reason !== undefined) await wrapper.find('#stock-reason').setValue(reason)
  await wrapper.find('form.stock-entry').trigger('submit')
  await settled()
}

describe('the Stock view', () => {
  it('receives a scanned plant: focus goes to the number, Enter saves, focus comes back for the next scan', async () => {
    expect(document.activeElement?.id).toBe('stock-find')
    await scan(1)
    expect(wrapper.find('.stock-picked').text()).toContain('Lavender')
    expect(document.activeElement?.id).toBe('stock-pots')
    await enter('40')
    expect(client.moveStock).toHaveBeenLastCalledWith(1, { change: 40, reason: 'received' }, undefined)
    expect(wrapper.find('.stock-done li').text()).toBe('Received 40 Lavender — 50 in stock')
    expect(document.activeElement?.id).toBe('stock-find')
  })

  it('finds a plant by typing part of its name and picking a match with the arrows and Enter', async () => {
    const input = wrapper.find('#stock-find')
    await input.setValue('lu')
    await settled()
    expect(wrapper.findAll('[role="option"]').map((option) => option.find('.stock-match-name').text())).toEqual(['Lupin'])
    key(input.element, 'Enter')
    await settled()
    expect(wrapper.find('.stock-picked').text()).toContain('Lupin')
  })

  it('writes off with a reason (asked for when missing), never more than is in stock', async () => {
    useStockStore().mode = 'write-off'
    await settled()
    await scan(2)
    await enter('2')
    expect(wrapper.find('#stock-reason-error').text()).toBe('Say why, e.g. frost damage')
    await enter('9', 'frost damage')
    expect(wrapper.find('#stock-pots-error').text()).toBe('Only 4 in stock')
    await enter('2', 'frost damage')
    expect(client.moveStock).toHaveBeenLastCalledWith(2, { change: -2, reason: 'written-off', note: 'frost damage' }, undefined)
    expect(wrapper.find('.stock-done li').text()).toBe('Wrote off 2 Lupin (frost damage) — 2 in stock')
  })

  it('takes stock: counts, then a review of what goes up and down and what was not counted, then one call', async () => {
    useStockStore().mode = 'stock-take'
    await settled()
    await scan(1)
    await enter('12')
    await scan(2)
    await enter('3')
    expect(client.moveStock).not.toHaveBeenCalled()
    expect(wrapper.findAll('.stock-lines tbody tr').map((row) => row.text())).toEqual([
      expect.stringMatching(/^Lupin PS-2\s*4\s*3\s*−1/),
      expect.stringMatching(/^Lavender PS-1\s*10\s*12\s*\+2/)
    ])
    await wrapper
      .findAll('button')
      .find((button) => button.text().startsWith('Review stock-take'))!
      .trigger('click')
    await settled()
    const groups = Object.fromEntries(
      wrapper
        .findAll('.stock-group')
        .map((group) => [group.attributes('aria-label'), group.findAll('li').map((li) => li.text().replace(/\s+/g, ' '))])
    )
    expect(groups).toEqual({
      'Goes up': ['Lavender PS-1: 10 → 12 (+2)'],
      'Goes down': ['Lupin PS-2: 4 → 3 (−1)'],
      'Not counted': ['Fern PS-3 (6 in stock)']
    })
    await wrapper
      .findAll('button')
      .find((button) => button.text().startsWith('Apply stock-take'))!
      .trigger('click')
    await settled()
    expect(client.moveBulkStock).toHaveBeenCalledWith([
      { id: 1, count: 12, reason: 'counted', version: 1 },
      { id: 2, count: 3, reason: 'counted', version: 1 }
    ])
    expect((await client.listPlants({ sort: 'id' })).plants.map((p) => p.quantity)).toEqual([12, 3, 6, undefined])
    expect(wrapper.find('.stock-lines').exists()).toBe(false)
  })

  it('leaves out of the stock-take a line that moved after it was counted, and asks for it to be counted again', async () => {
    useStockStore().mode = 'stock-take'
    await settled()
    await scan(1)
    await enter('12')
    await scan(3)
    await enter('6')
    await client.moveStock(1, { change: -1, reason: 'sold' }) // the till sold one meanwhile
    await useStockStore().startReview()
    await settled()
    expect(wrapper.find('[aria-label="Moved since counted — count again (left out)"] li').text().replace(/\s+/g, ' ')).toBe('Lavender PS-1: 9 → 12')
    await useStockStore().applyStockTake()
    await settled()
    expect(client.moveBulkStock).toHaveBeenLastCalledWith([{ id: 3, count: 6, reason: 'counted', version: 1 }])
    expect(wrapper.find('.stock-recount').text()).toBe('Moved after they were counted, so left out: Lavender (PS-1). Count them again.')
  })
})
