// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useApiClient } from '#renderer/api'
import TheHistoryHealthBanner from '#renderer/components/shell/TheHistoryHealthBanner.vue'
import { useViewStore } from '#renderer/stores/view'
import { fakeApi, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi()
  useApiClient(api.client)
})

const damaged = {
  status: 'degraded' as const,
  problems: [
    {
      kind: 'history-file-damaged' as const,
      file: '/data/history-2026-11.jsonl',
      keptAs: '/data/history-2026-11.jsonl.damaged-x',
      problem: 'line 3 is not JSON'
    }
  ]
}

describe('TheHistoryHealthBanner', () => {
  it('shows nothing while the history is healthy', async () => {
    const wrapper = mount(TheHistoryHealthBanner)
    await flushPromises()
    expect(api.client.health).toHaveBeenCalledTimes(1)
    expect(wrapper.find('.health-banner').exists()).toBe(false)
  })

  it('says in shop words when nothing can be saved (a full disk), and what to do', async () => {
    vi.mocked(api.client.health).mockResolvedValue({
      status: 'degraded',
      problems: [
        {
          kind: 'writes-failing',
          since: '2026-12-07T10:00:00.000Z',
          problem:
            'Nothing can be saved now: the disk is full. Sales, refunds and changes are refused until a write succeeds; the catalogue can still be read.'
        }
      ]
    })
    const wrapper = mount(TheHistoryHealthBanner)
    await flushPromises()
    const text = wrapper.find('[role="status"]').text()
    expect(text).toContain('Nothing can be saved on this computer now.')
    expect(text).toContain('the disk is full')
    expect(text).toContain('Make room on its disk')
    expect(text).not.toContain('change history')
  })

  it('names the damaged file, where it was kept and what it means, asking again when the view switches', async () => {
    const wrapper = mount(TheHistoryHealthBanner)
    await flushPromises()
    vi.mocked(api.client.health).mockResolvedValue(damaged)
    useViewStore().current = 'reports'
    await flushPromises()
    const text = wrapper.find('[role="status"]').text()
    expect(text).toContain('Part of the change history could not be read.')
    expect(text).toContain('/data/history-2026-11.jsonl is damaged (line 3 is not JSON)')
    expect(text).toContain('kept aside as /data/history-2026-11.jsonl.damaged-x')
    expect(text).toContain('The catalogue is complete')
  })

  it('says how many damaged lines of a file were kept aside and that the rest of it serves on', async () => {
    vi.mocked(api.client.health).mockResolvedValue({
      status: 'degraded',
      problems: [
        {
          kind: 'history-lines-damaged',
          file: '/data/history-2026-10.jsonl',
          keptAs: '/data/history-2026-10.jsonl.damaged-y',
          problem: '3 lines from line 40 are damaged (line 40: it does not match its checksum)',
          lines: 3
        }
      ]
    })
    const wrapper = mount(TheHistoryHealthBanner)
    await flushPromises()
    const text = wrapper.find('[role="status"]').text()
    expect(text).toContain('3 lines of /data/history-2026-10.jsonl are damaged (3 lines from line 40')
    expect(text).toContain('were kept aside as /data/history-2026-10.jsonl.damaged-y')
    expect(text).toContain('the rest of that file serves on')
  })

  it('stays quiet when the server cannot be reached', async () => {
    vi.mocked(api.client.health).mockRejectedValue(new Error('offline'))
    const wrapper = mount(TheHistoryHealthBanner)
    await flushPromises()
    expect(wrapper.find('.health-banner').exists()).toBe(false)
  })
})
