// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import TheOutboxBanner from '#renderer/components/TheOutboxBanner.vue'
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
