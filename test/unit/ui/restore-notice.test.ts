// @vitest-environment happy-dom
/** A restore made while the page was open is told after the reload, once; a page opened afterwards is not told. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Health } from '#shared/history'
import { useApiClient } from '#renderer/api'
import TheRestoreNotice from '#renderer/components/shell/TheRestoreNotice.vue'
import { useHealthStore } from '#renderer/stores/health'
import { fakeApi, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  sessionStorage.clear()
  api = fakeApi()
  useApiClient(api.client)
})

const restoredHealth: Health = {
  status: 'ok',
  problems: [],
  restored: { seq: 42, at: '2026-11-27T14:05:00.000Z', backupMadeAt: '2026-11-22T08:00:00.000Z', by: 'cli', user: 'anna' }
}

describe('TheRestoreNotice', () => {
  it('tells a page that had the catalogue open that a backup was put back, by what and of when, until dismissed', async () => {
    const wrapper = mount(TheRestoreNotice)
    const health = useHealthStore()
    await health.check() // the page opens: no restore yet
    vi.mocked(api.client.health).mockResolvedValue(restoredHealth)
    await health.check() // the server is back after the restore
    await flushPromises()
    const text = wrapper.find('[role="status"]').text().replace(/\s+/g, ' ')
    expect(text).toMatch(/^The catalogue was restored from a backup of .+ by the command line \(plant-store restore\), account anna, at .+\./)
    expect(text).toContain('changes made after that backup are not in it')
    expect(wrapper.find('time').attributes('datetime')).toBe('2026-11-22T08:00:00.000Z')
    await health.check() // the same restore again: nothing new
    await wrapper.find('button').trigger('click')
    expect(wrapper.find('[role="status"]').exists()).toBe(false)
    await health.check()
    await flushPromises()
    expect(wrapper.find('[role="status"]').exists()).toBe(false)
  })

  it('keeps what the tab knew across a reload of the page, and says nothing to a page opened after the restore', async () => {
    const health = useHealthStore()
    vi.mocked(api.client.health).mockResolvedValue(restoredHealth)
    await health.check() // a new tab, opened after the restore
    expect(health.restoredMeanwhile).toBeNull()

    // Another restore while it is open; the page is then reloaded (a new Pinia, the same tab's sessionStorage).
    setActivePinia(createPinia())
    vi.mocked(api.client.health).mockResolvedValue({ ...restoredHealth, restored: { ...restoredHealth.restored!, seq: 50, by: 'app' } })
    const reloaded = useHealthStore()
    await reloaded.check()
    expect(reloaded.restoredMeanwhile).toMatchObject({ seq: 50, by: 'app' })
  })
})
