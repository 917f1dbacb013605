// @vitest-environment happy-dom
/**
 * A server that is up but refuses this window's change stream (too many windows with one access code, or in all):
 * the write controls and the banner say what happened and what to do, not that the server is away.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
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

const refusal = (type: string, status: number) => new ApiError({ type, title: 'Too many change streams', status, detail: 'the server’s words' })
const tooManyForToken = () => refusal(PROBLEM_TYPES.tooManyStreamsForToken, 429)
const unreachable = () => new ApiError({ type: 'about:blank', title: 'Server unreachable', status: 0, detail: 'The server did not answer' })

const banner = (wrapper: VueWrapper) => wrapper.find('#connection-banner').text()
const import_ = (wrapper: VueWrapper) => wrapper.findAll('header button').find((button) => button.text() === 'Import')!

describe('a change stream the server refuses', () => {
  it('says that too many windows use this access code and to close some, in the banner and on the write controls', async () => {
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    api.streamState('reconnecting', tooManyForToken())
    await flushPromises()
    expect(banner(wrapper)).toContain('too many Plant Store windows are open with this access code')
    expect(banner(wrapper)).toContain('Close the windows or tabs you no longer need')
    expect(banner(wrapper)).not.toMatch(/Reconnecting to the server|until the server is back/)
    expect(import_(wrapper).attributes('disabled')).toBeDefined()
    expect(import_(wrapper).attributes('title')).toMatch(/too many Plant Store windows are open with this access code/)
    wrapper.unmount()
  })

  it('says the server is full when it refuses every further window (503), and that the server is away once it is', async () => {
    const store = usePlantsStore()
    store.connect()
    api.streamState('reconnecting', refusal(PROBLEM_TYPES.tooManyStreams, 503))
    expect(store.offlineReason).toMatch(/the server has as many Plant Store windows open as it can serve/)
    api.streamState('reconnecting', unreachable())
    expect(store.offlineReason).toBe('Changes are paused until the server is back.')
    api.streamState('reconnecting', tooManyForToken())
    api.streamState('reconnecting')
    expect(store.offlineReason).toBe('Changes are paused until the server is back.')
    api.streamState('open')
    expect(store.offlineReason).toBeUndefined()
  })
})
