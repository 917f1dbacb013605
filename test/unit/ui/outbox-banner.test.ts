// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import TheOutboxBanner from '#renderer/components/till/TheOutboxBanner.vue'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  api = freshDialogTest()
})

describe('TheOutboxBanner', () => {
  it('says on a till how many sales wait to be sent to the main computer', async () => {
    vi.mocked(api.client.tillOutbox).mockResolvedValue({ till: true, waiting: 3 })
    const wrapper = mount(TheOutboxBanner)
    await flushPromises()
    expect(wrapper.get('[role="status"]').text()).toMatch(/^3 sales wait to be sent to the shop's main computer\. .*kept on this till/)
    wrapper.unmount()
  })

  it('says when the main computer shows another certificate: nothing is sent, sales are kept, pair the till again', async () => {
    vi.mocked(api.client.tillOutbox).mockResolvedValue({ till: true, waiting: 2, certificateChanged: true })
    const wrapper = mount(TheOutboxBanner)
    await flushPromises()
    expect(wrapper.get('[role="alert"]').text()).toMatch(
      /^The shop's main computer does not show the certificate this till was paired with\. Nothing is sent to it.*pair this till again/
    )
    expect(wrapper.find('[role="status"]').exists()).toBe(false) // not "it cannot be reached just now"
    wrapper.unmount()
  })

  it('says when sales made on the till were refused by the main computer, and where they are kept', async () => {
    vi.mocked(api.client.tillOutbox).mockResolvedValue({ till: true, waiting: 0, refused: 2 })
    const wrapper = mount(TheOutboxBanner)
    await flushPromises()
    expect(wrapper.find('[role="status"]').exists()).toBe(false)
    expect(wrapper.get('[role="alert"]').text()).toMatch(
      /^2 sales made here could not be recorded on the shop's main computer\. They are kept on this till, in outbox-refused\.jsonl .*tell the owner/
    )
    wrapper.unmount()
  })

  it('shows the refused sales on request, and stops counting one marked dealt with', async () => {
    vi.mocked(api.client.tillOutbox).mockResolvedValue({ till: true, waiting: 0, refused: 1 })
    const refusedSale = {
      key: '"k1"',
      madeAt: '2026-11-28T10:32:00.000Z',
      staff: 'Anna',
      sale: { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash', amount: 798 }] },
      why: 'The sale was not completed: the payments come to 798, less than the total of 898. Nothing was changed.',
      at: '2026-11-28T11:00:00.000Z'
    }
    vi.mocked(api.client.refusedSales)
      .mockResolvedValueOnce({ sales: [refusedSale] })
      .mockResolvedValue({ sales: [] })
    const wrapper = mount(TheOutboxBanner)
    await flushPromises()
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Show them')!
      .trigger('click')
    await flushPromises()
    expect(wrapper.get('.refused-sales li').text()).toMatch(/by Anna, paid cash .*7\.98: The sale was not completed: the payments come to 798/)
    vi.mocked(api.client.tillOutbox).mockResolvedValue({ till: true, waiting: 0, refused: 0 })
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Dealt with')!
      .trigger('click')
    await flushPromises()
    expect(api.client.refusedSaleDealtWith).toHaveBeenCalledWith('"k1"')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('says nothing while none waits, nor on the main computer (no outbox there)', async () => {
    vi.mocked(api.client.tillOutbox).mockResolvedValueOnce({ till: true, waiting: 0 })
    const onTill = mount(TheOutboxBanner)
    await flushPromises()
    expect(onTill.find('[role="status"]').exists()).toBe(false)
    onTill.unmount()
    const onPrimary = mount(TheOutboxBanner) // the fake answers as the main computer does: no till, none waiting
    await flushPromises()
    expect(onPrimary.find('[role="status"]').exists()).toBe(false)
    onPrimary.unmount()
  })
})
