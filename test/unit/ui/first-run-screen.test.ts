// @vitest-environment happy-dom
/** The first-run screen in a second window: a choice made meanwhile in another window is said, with the button that opens it. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import { useApiClient } from '#renderer/api'
import TheFirstRunScreen from '#renderer/components/first-run/TheFirstRunScreen.vue'
import { openStaffUi } from '#renderer/connection'
import { fakeApi } from './_fake-api'

vi.mock('#renderer/connection', async (original) => ({ ...(await original<object>()), openStaffUi: vi.fn() }))

const setUpAlready = new ApiError({
  type: PROBLEM_TYPES.setUpAlready,
  title: 'Set up already',
  status: 409,
  detail: "This computer is the shop's main computer already; nothing was changed."
})

describe('the first-run screen, when another window chose first', () => {
  let api: ReturnType<typeof fakeApi>
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.mocked(openStaffUi).mockClear()
    api = fakeApi()
    useApiClient(api.client)
  })

  it('says the computer became the main one and offers to open the catalogue, instead of staying on the form', async () => {
    vi.mocked(api.client.setupState).mockResolvedValueOnce({ stage: 'first-run', suggestedTill: 'back-room' })
    const wrapper = mount(TheFirstRunScreen, { attachTo: document.body })
    await flushPromises()
    // The other window made this computer the main one meanwhile.
    vi.mocked(api.client.becomeMain).mockRejectedValue(setUpAlready)
    vi.mocked(api.client.setupState).mockResolvedValue({ stage: 'main' })
    await wrapper.get('.first-run-choice').trigger('click')
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Yes, this is the main computer')!
      .trigger('click')
    await flushPromises()
    expect(wrapper.get('#first-run-done-title').text()).toBe('Set up in another window')
    expect(wrapper.get('[role="alert"]').text()).toBe(setUpAlready.detail)
    expect(wrapper.findAll('[role="alert"]')).toHaveLength(1)
    const open = wrapper.findAll('button').find((button) => button.text() === 'Open the catalogue')!
    expect(wrapper.text()).not.toMatch(/Yes, this is the main computer/)
    await open.trigger('click')
    expect(openStaffUi).toHaveBeenCalledWith({ stage: 'main' })
    wrapper.unmount()
  })
})
