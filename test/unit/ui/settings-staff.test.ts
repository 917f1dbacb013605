// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import SettingsStaff from '#renderer/components/settings/SettingsStaff.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useStaffStore } from '#renderer/stores/staff'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi
beforeEach(() => {
  api = freshDialogTest()
})

const OLGA = { id: 1, name: 'Olga', role: 'owner' as const, locked: false }
const ANNA = { id: 3, name: 'Anna', role: 'staff' as const, locked: true }

describe('Settings → Staff', () => {
  it('adds the first member as the owner, with a PIN', async () => {
    const wrapper = mount(SettingsStaff)
    await flushPromises()
    await wrapper.find('#staff-name').setValue('Olga')
    await wrapper.find('#staff-pin-new').setValue('0815')
    expect((wrapper.find('#staff-role').element as HTMLSelectElement).value).toBe('owner')
    await wrapper.findAll('form').at(-1)!.trigger('submit')
    await flushPromises()
    expect(api.client.addStaffMember).toHaveBeenCalledWith({ name: 'Olga', role: 'owner', pin: '0815' })
  })

  it('reads a refund limit as every price is read, says what is wrong with one that is not, and shows it as money', async () => {
    useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
    const wrapper = mount(SettingsStaff)
    await flushPromises()
    await wrapper.find('#staff-name').setValue('Anna')
    await wrapper.find('#staff-role').setValue('staff') // only staff have a refund limit
    await wrapper.find('#staff-pin-new').setValue('2468')
    for (const [typed, words] of [
      ['abc', 'The refund limit must be a number, like 12.50'],
      ['20,000', 'The refund limit could be read two ways'],
      ['€20', 'The refund limit is written in another currency than the shop']
    ]) {
      await wrapper.find('#staff-refund-limit').setValue(typed)
      await wrapper.findAll('form').at(-1)!.trigger('submit')
      await flushPromises()
      expect(wrapper.text(), typed).toContain(words)
    }
    expect(api.client.addStaffMember).not.toHaveBeenCalled()
    await wrapper.find('#staff-refund-limit').setValue('£20.50')
    await wrapper.findAll('form').at(-1)!.trigger('submit')
    await flushPromises()
    expect(api.client.addStaffMember).toHaveBeenCalledWith(expect.objectContaining({ name: 'Anna', refundLimitCents: 2050 }))
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: [OLGA, { ...ANNA, locked: false, refundLimitCents: 2050 }], lockAfterMinutes: 5 })
    const staff = useStaffStore()
    await staff.load()
    staff.current = OLGA
    const list = mount(SettingsStaff)
    await flushPromises()
    expect(list.text()).toMatch(/20\.50/)
    expect(list.text()).not.toMatch(/(^|[^£$€\d])20\.50/) // with its currency, never a bare 20.50
  })

  it('tells the owner that the plant-store command asks for no PIN, and what to do about it', async () => {
    const wrapper = mount(SettingsStaff)
    await flushPromises()
    const note = wrapper.get('#staff-computer-account').text()
    expect(note).toContain('change prices and delete plants with the plant-store command, without a PIN')
    expect(note).toContain('Keep the account to yourself')
  })

  it('unlocks a member locked out after wrong PINs', async () => {
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: [OLGA, ANNA], lockAfterMinutes: 5 })
    const staff = useStaffStore()
    await staff.load()
    staff.current = OLGA
    const wrapper = mount(SettingsStaff)
    await flushPromises()
    expect(wrapper.text()).toContain('Anna (locked out)')
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Unlock')!
      .trigger('click')
    await flushPromises()
    expect(api.client.unlockStaffMember).toHaveBeenCalledWith(3)
  })

  it('tells a member who is not the owner why they may not manage staff, and a refusal in words', async () => {
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: [OLGA, ANNA], lockAfterMinutes: 5 })
    const staff = useStaffStore()
    await staff.load()
    staff.current = { ...ANNA, locked: false }
    const wrapper = mount(SettingsStaff)
    await flushPromises()
    expect(wrapper.get('[role="alert"]').text()).toBe('Only the owner can manage staff.')
    staff.current = OLGA
    vi.mocked(api.client.removeStaffMember).mockRejectedValue(
      new ApiError({
        type: 'urn:plant-store:problem:staff-rule',
        title: 'Staff not changed',
        status: 409,
        detail: 'Nothing was changed: "Olga" is the only owner.'
      })
    )
    await flushPromises()
    const remove = () => wrapper.findAll('button').find((button) => /Remove|Really remove\?/.test(button.text()))!
    await remove().trigger('click')
    await remove().trigger('click')
    await flushPromises()
    expect(wrapper.get('[role="alert"]').text()).toBe('Nothing was changed: "Olga" is the only owner.')
  })
})
