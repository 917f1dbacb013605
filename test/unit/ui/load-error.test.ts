// @vitest-environment happy-dom
/** The first load's failure in words that fit where the page runs: a paired till's main computer away is not a server to start here. */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'
import TheLoadError from '#renderer/components/shell/TheLoadError.vue'
import { usePlantsStore } from '#renderer/stores/plants'

beforeEach(() => setActivePinia(createPinia()))

describe('the load error', () => {
  it("names the shop's main computer on a till, without telling to start a server here", () => {
    usePlantsStore().loadError = new ApiError({
      type: PROBLEM_TYPES.primaryUnreachable,
      title: "The shop's main computer cannot be reached",
      status: 503,
      detail: "The shop's main computer at https://192.0.2.1:7421 cannot be reached (ECONNREFUSED)"
    })
    const wrapper = mount(TheLoadError)
    expect(wrapper.get('h2').text()).toBe('Can’t reach the shop’s main computer')
    expect(wrapper.text()).not.toContain('plant-store serve')
  })

  it('tells to start the server when the page’s own server is away', () => {
    usePlantsStore().loadError = new ApiError({ type: 'about:blank', title: 'Error', status: 0, detail: 'fetch failed' })
    const wrapper = mount(TheLoadError)
    expect(wrapper.get('h2').text()).toBe('Can’t reach the Plant Store server')
    expect(wrapper.text()).toContain('plant-store serve')
  })
})
