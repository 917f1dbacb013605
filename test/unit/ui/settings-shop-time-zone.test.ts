// @vitest-environment happy-dom
/** Settings → Shop: the shop's time zone, picked from a searchable list, refused in words, saved through the server. */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import { computerTimeZone } from '#shared/shop-day'
import SettingsShopTimeZone from '#renderer/components/settings/SettingsShopTimeZone.vue'
import TheSettingsDialog from '#renderer/components/settings/TheSettingsDialog.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useToastsStore } from '#renderer/stores/toasts'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  api = freshDialogTest()
})

const field = (wrapper: VueWrapper) => wrapper.find<HTMLInputElement>('#shop-time-zone')
const saveButton = (wrapper: VueWrapper) => wrapper.findAll('button').find((found) => found.text() === 'Save time zone')!

async function typeAndSave(wrapper: VueWrapper, text: string): Promise<void> {
  await field(wrapper).setValue(text)
  await wrapper.find('form.settings-shop-time-zone').trigger('submit')
  await flushPromises()
}

describe("Settings: the shop's time zone", () => {
  it("sits in the Shop section under the currency, showing this computer's zone until the server has answered", async () => {
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    const section = wrapper.find('section[aria-labelledby="shop-title"]')
    expect(section.find('#shop-currency').exists()).toBe(true)
    expect(section.find('label[for="shop-time-zone"]').text()).toBe('Time zone of the shop')
    expect(field(wrapper).element.value).toBe(computerTimeZone())
    expect(section.find('#shop-time-zone-hint').text()).toContain(`This computer is in ${computerTimeZone()}.`)
    useShopStore().set({ currency: 'EUR', locale: 'en-US', timeZone: 'America/New_York' })
    await flushPromises()
    expect(field(wrapper).element.value).toBe('America/New_York')
    wrapper.unmount()
  })

  it('offers every zone this browser knows as a searchable list', () => {
    const wrapper = mount(SettingsShopTimeZone)
    const list = wrapper.find(`datalist#${field(wrapper).attributes('list')}`)
    const zones = list.findAll('option').map((option) => option.attributes('value'))
    expect(zones).toEqual(expect.arrayContaining([...Intl.supportedValuesOf('timeZone'), 'UTC']))
    expect(zones).toContain('Europe/Berlin')
  })

  it('saves a zone typed in another case or as an old alias under its IANA name, and the shop’s day follows it', async () => {
    useShopStore().set({ currency: 'EUR', locale: 'en-US', timeZone: 'Europe/Berlin' })
    const wrapper = mount(SettingsShopTimeZone)
    expect(saveButton(wrapper).attributes('disabled')).toBeDefined()
    await typeAndSave(wrapper, 'us/eastern')
    expect(api.client.setShopSettings).toHaveBeenCalledWith({ timeZone: 'America/New_York' })
    expect(useShopStore().timeZone).toBe('America/New_York')
    expect(field(wrapper).element.value).toBe('America/New_York')
    expect(useToastsStore().toasts.at(-1)?.message).toMatch(/^The shop’s day now follows America\/New_York: today is \d{4}-\d{2}-\d{2} there\.$/)
  })

  it.each([
    ['Mars/Olympus_Mons', '“Mars/Olympus_Mons” is not a time zone this computer knows: choose one from the list (type a city to find it).'],
    ['Atlantis', '“Atlantis” is not a time zone this computer knows: choose one from the list (type a city to find it).'],
    ['  ', 'Choose the shop’s time zone from the list (type a city, e.g. Berlin, to find it).']
  ])('refuses %j in words before asking the server', async (text, words) => {
    const wrapper = mount(SettingsShopTimeZone, { attachTo: document.body })
    await typeAndSave(wrapper, text)
    expect(wrapper.find('#shop-time-zone-error').text()).toBe(words)
    expect(field(wrapper).attributes('aria-invalid')).toBe('true')
    expect(field(wrapper).attributes('aria-describedby')).toContain('shop-time-zone-error')
    expect(api.client.setShopSettings).not.toHaveBeenCalled()
    await field(wrapper).setValue('Europe/Lisbon')
    expect(wrapper.find('#shop-time-zone-error').exists()).toBe(false)
    wrapper.unmount()
  })

  it.each([
    ['Tokyo', 'Asia/Tokyo'],
    ['new york', 'America/New_York'],
    ['sao paulo', 'America/Sao_Paulo']
  ])('takes the city %j for the zone named after it, %s', async (text, zone) => {
    const wrapper = mount(SettingsShopTimeZone)
    await typeAndSave(wrapper, text)
    expect(api.client.setShopSettings).toHaveBeenCalledWith({ timeZone: zone })
    expect(field(wrapper).element.value).toBe(zone)
  })

  it("says why the server refused and keeps the shop's zone", async () => {
    useShopStore().set({ currency: 'EUR', locale: 'en-US', timeZone: 'Europe/Berlin' })
    vi.mocked(api.client.setShopSettings).mockRejectedValueOnce(
      new ApiError({ type: 'about:blank', title: 'Forbidden', status: 403, detail: "Only the owner's token may change the shop's settings." })
    )
    const wrapper = mount(SettingsShopTimeZone)
    await typeAndSave(wrapper, 'Asia/Tokyo')
    expect(wrapper.find('#shop-time-zone-error').text()).toBe("The time zone was not changed: Only the owner's token may change the shop's settings.")
    expect(useShopStore().timeZone).toBe('Europe/Berlin')
    expect(field(wrapper).element.value).toBe('Asia/Tokyo')
  })
})
