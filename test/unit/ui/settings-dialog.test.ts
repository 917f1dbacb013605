// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import { useApiClient } from '#renderer/api'
import TheSettingsDialog from '#renderer/components/TheSettingsDialog.vue'
import { fakeApi, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi()
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

const button = (wrapper: ReturnType<typeof mount>, text: string) => wrapper.findAll('button').find((found) => found.text() === text)!

describe('TheSettingsDialog', () => {
  it('makes a read-only token, shows its secret once, lists it and revokes it on a second click', async () => {
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.text()).toContain('No tokens yet.')
    await wrapper.find('#token-name').setValue('till-1')
    await wrapper.find('input[type="checkbox"]').setValue(true)
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.createToken).toHaveBeenCalledWith('till-1', 'read-only')
    expect((wrapper.find('#new-token').element as HTMLInputElement).value).toBe('secret-of-till-1-0123456789abcdefghijklmnop')
    const row = wrapper.find('tbody tr')
    expect(
      row
        .findAll('th, td')
        .slice(0, 2)
        .map((cell) => cell.text())
    ).toEqual(['till-1', 'Read only'])
    expect(row.text()).toContain('never')
    expect(row.text()).not.toContain('secret-of')

    await button(wrapper, 'Revoke').trigger('click')
    expect(api.client.revokeToken).not.toHaveBeenCalled()
    await button(wrapper, 'Really revoke?').trigger('click')
    await flushPromises()
    expect(api.client.revokeToken).toHaveBeenCalledWith('till-1')
    expect(wrapper.find('tbody').exists()).toBe(false)
  })

  it('checks the name with the shared rule before asking the server', async () => {
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#token-name').setValue('owner')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('#token-name-error').text()).toMatch(/name of the owner's own token/)
    expect(api.client.createToken).not.toHaveBeenCalled()
  })

  it("tells a session opened with another token than the owner's that it may not manage tokens", async () => {
    const detail = 'Only the owner\'s token may manage tokens; this request came with the token "till-1".'
    vi.mocked(api.client.listTokens).mockRejectedValueOnce(new ApiError({ type: 'x', title: 'Forbidden', status: 403, detail }))
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.find('[role="alert"]').text()).toBe(detail)
    expect(wrapper.find('form').exists()).toBe(false)
  })
})
