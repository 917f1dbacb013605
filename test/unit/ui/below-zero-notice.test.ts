// @vitest-environment happy-dom
/**
 * The owner's notice of lines taken below zero by sales made offline at a till: its words, the lines behind it
 * (till, receipt), the mark on the line in the catalogue, and a count that clears it.
 */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import TheBelowZeroNotice from '#renderer/components/stock/TheBelowZeroNotice.vue'
import { belowZeroNotice } from '#renderer/stores/below-zero'
import { fakeApi, plant, type FakeApi } from './_fake-api'

const flag = (till: string, receipt: number) => ({ till, receipt, soldAt: '2026-11-28T09:30:00.000Z' })

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([
    plant({ id: 1, name: 'Fern', quantity: -2, status: 'sold', belowZero: flag('till-2', 14) }),
    plant({ id: 2, name: 'Moss', quantity: -1, status: 'sold', belowZero: flag('till-2', 15) }),
    plant({ id: 3, name: 'Lavender', quantity: 12 })
  ])
  useApiClient(api.client)
})

describe('the notice of lines below zero', () => {
  it('says how many lines went below zero, through which tills, and asks for a count', () => {
    expect(belowZeroNotice([])).toBeUndefined()
    expect(belowZeroNotice([plant({ id: 1, quantity: -1, belowZero: flag('till-2', 1) })])).toBe(
      '1 line went below zero through sales made offline at till-2 — count it'
    )
    const lines = [
      plant({ id: 1, quantity: -1, belowZero: flag('till-2', 1) }),
      plant({ id: 2, quantity: -3, belowZero: flag('door', 2) }),
      plant({ id: 3, quantity: -1, belowZero: flag('till-2', 3) })
    ]
    expect(belowZeroNotice(lines)).toBe('3 lines went below zero through sales made offline at till-2 and door — count them')
    // A single plant (no quantity) sold twice has nothing to count: its status clears it.
    const single = plant({ id: 4, status: 'sold', belowZero: flag('door', 4) })
    expect(belowZeroNotice([...lines, single])).toMatch(/— count them, or set a single plant's status$/)
  })

  it('leads to the lines, with the sale that took each there, and a count clears the line', async () => {
    const wrapper = mount(TheBelowZeroNotice, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.get('[role="status"]').text()).toMatch(/^2 lines went below zero through sales made offline at till-2 — count them\./)
    await wrapper.get('button[aria-controls="below-zero-lines"]').trigger('click')
    const items = wrapper.findAll('#below-zero-lines li')
    expect(items.map((item) => item.text())).toEqual([
      expect.stringMatching(/^Fern: -2 in stock, since receipt 14 at till-2/),
      expect.stringMatching(/^Moss: -1/)
    ])
    await wrapper.get('input[id="below-zero-count-1"]').setValue('3')
    await wrapper.get('#below-zero-lines li form').trigger('submit')
    await flushPromises()
    expect(api.client.moveStock).toHaveBeenCalledWith(1, expect.objectContaining({ count: 3, reason: 'counted' }), undefined)
    expect(wrapper.findAll('#below-zero-lines li').map((item) => item.text())).toEqual([expect.stringMatching(/^Moss/)])
    expect(wrapper.get('[role="status"]').text()).toMatch(/^1 line went below zero/)
    wrapper.unmount()
  })

  it('offers a single plant sold twice its status, not a count, and keeps it a single plant', async () => {
    api = fakeApi([plant({ id: 4, name: 'Bonsai', status: 'sold', belowZero: flag('till-2', 16) })])
    useApiClient(api.client)
    expect(belowZeroNotice(await api.client.belowZero().then((answer) => answer.lines))).toBe(
      '1 line went below zero through sales made offline at till-2 — set its status'
    )
    const wrapper = mount(TheBelowZeroNotice, { attachTo: document.body })
    await flushPromises()
    await wrapper.get('button[aria-controls="below-zero-lines"]').trigger('click')
    const line = wrapper.get('#below-zero-lines li')
    expect(line.text()).toMatch(/^Bonsai: a single plant sold again/)
    expect(line.text()).not.toMatch(/Pots counted/)
    expect(line.find('input[type="number"]').exists()).toBe(false)
    expect(line.get('label').text()).toBe('Status of Bonsai (sold twice)')
    await line.get('select').setValue('available')
    await line.get('form').trigger('submit')
    await flushPromises()
    expect(api.client.moveStock).not.toHaveBeenCalled()
    expect(api.client.savePlant).toHaveBeenCalledWith({ id: 4, status: 'available' }, expect.anything())
    expect(wrapper.find('#below-zero-lines').exists()).toBe(false) // cleared: the notice is gone
    expect((await api.client.getPlant(4)).quantity).toBeUndefined()
    wrapper.unmount()
  })

  it('asks for a whole number before counting', async () => {
    const wrapper = mount(TheBelowZeroNotice, { attachTo: document.body })
    await flushPromises()
    await wrapper.get('button[aria-controls="below-zero-lines"]').trigger('click')
    await wrapper.get('input[id="below-zero-count-1"]').setValue('')
    await wrapper.get('#below-zero-lines li form').trigger('submit')
    expect(wrapper.get('[role="alert"]').text()).toBe('Type the pots found on the shelf: a whole number, 0 or more')
    expect(api.client.moveStock).not.toHaveBeenCalled()
    wrapper.unmount()
  })

  it('marks the line in the catalogue', async () => {
    api.plants.push(plant({ id: 4, name: 'Bonsai', status: 'sold', belowZero: flag('till-2', 16) }))
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    const row = (name: string) => wrapper.findAll('tr.plant-row').find((item) => item.text().includes(name))!
    expect(row('Fern').find('.below-zero-mark').text()).toBe('count it')
    expect(row('Fern').find('.below-zero-mark').attributes('title')).toMatch(/sale made offline at till-2 \(receipt 14\)/)
    expect(row('Lavender').find('.below-zero-mark').exists()).toBe(false)
    expect(row('Bonsai').find('.below-zero-mark').text()).toBe('sold twice')
    expect(row('Bonsai').find('.below-zero-mark').attributes('title')).toMatch(/a single plant sold twice, set its status$/)
    wrapper.unmount()
  })
})
