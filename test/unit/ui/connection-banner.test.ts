// @vitest-environment happy-dom
/**
 * The connection banner on a paired till whose main computer is away: the till still sells and keeps its sales, so
 * the banner says that, with how many sales wait, never that changes are paused.
 */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import TheConnectionBanner from '#renderer/components/shell/TheConnectionBanner.vue'
import { useApiClient } from '#renderer/api'
import { useOutboxStore } from '#renderer/stores/outbox'
import { usePlantsStore } from '#renderer/stores/plants'
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([plant({ id: 1, name: 'Agave' })])
  useApiClient(api.client)
})

const mainAway = () =>
  new ApiError({
    type: PROBLEM_TYPES.primaryUnreachable,
    title: "The shop's main computer cannot be reached",
    status: 503,
    detail: "The shop's main computer at https://192.168.1.20:7421 cannot be reached (ECONNREFUSED)"
  })

describe('the connection banner on a till whose main computer is away', () => {
  it('says sales are kept on this till, with how many wait, instead of "changes are paused"', async () => {
    vi.mocked(api.client.tillOutbox).mockResolvedValue({ till: true, waiting: 2 })
    await useOutboxStore().refresh()
    const plants = usePlantsStore()
    await plants.load()
    const disconnect = plants.connect()
    const wrapper = mount(TheConnectionBanner)
    api.streamState('reconnecting', mainAway())
    await flushPromises()
    expect(wrapper.get('#connection-banner').text()).toBe('Main computer away: sales are kept on this till (2 sales wait to be sent).Retry now')
    expect(wrapper.text()).not.toMatch(/paused|Reconnecting/)
    wrapper.unmount()
    disconnect()
  })
})
