// @vitest-environment happy-dom
/** Plants with the same name told apart in the Stock view: the stock-take names two "Basil" lines with their codes. */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import TheStockView from '#renderer/components/stock/TheStockView.vue'
import { useStockStore } from '#renderer/stores/stock'
import { realApi } from './_real-api'

describe('the stock-take with two lines of one name', () => {
  it('names each Basil with its code in the counted lines, the review, the lines not counted and those to count again', async () => {
    setActivePinia(createPinia())
    const { client, settled } = await realApi()
    for (const [name, quantity] of [
      ['Basil', 5],
      ['Basil', 8],
      ['Fern', 6]
    ] as const)
      await client.addPlant({ name, quantity, status: 'available', tags: [] })
    const wrapper = mount(TheStockView, { attachTo: document.body })
    useStockStore().mode = 'stock-take'
    await settled()
    for (const [id, count] of [
      [1, '4'],
      [2, '8']
    ] as const) {
      const find = wrapper.find('#stock-find').element as HTMLInputElement
      find.value = `PS-${id}`
      find.dispatchEvent(new Event('input'))
      for (const key of [...`PS-${id}`, 'Enter']) find.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
      await settled()
      await wrapper.find('#stock-pots').setValue(count)
      await wrapper.find('form.stock-entry').trigger('submit')
      await settled()
    }
    expect(wrapper.findAll('.stock-lines tbody th').map((th) => th.text())).toEqual(['Basil PS-2', 'Basil PS-1'])
    await client.moveStock(2, { change: -1, reason: 'sold' }) // sold meanwhile: to count again
    await useStockStore().startReview()
    await settled()
    const groups = Object.fromEntries(
      wrapper
        .findAll('.stock-group')
        .map((group) => [group.attributes('aria-label'), group.findAll('li').map((li) => li.text().replace(/\s+/g, ' '))])
    )
    expect(groups).toEqual({
      'Goes down': ['Basil PS-1: 5 → 4 (−1)'],
      'Moved since counted — count again (left out)': ['Basil PS-2: 7 → 8'],
      'Not counted': ['Fern PS-3 (6 in stock)']
    })
    await useStockStore().applyStockTake()
    await settled()
    expect(wrapper.find('.stock-recount').text()).toBe('Moved after they were counted, so left out: Basil (PS-2). Count them again.')
    wrapper.unmount()
  })
})
