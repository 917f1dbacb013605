// @vitest-environment happy-dom
/**
 * Settings → Shop & VAT against the real app (_real-api.ts): the receipt's words, the VAT rates, the default rate and
 * the rate per category, saved through the shop store; every refusal in shop words, with no field name of the API.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import SettingsShop from '#renderer/components/settings/SettingsShop.vue'
import { useBasketStore } from '#renderer/stores/basket'
import { useShopStore } from '#renderer/stores/shop'
import { formatUpdated } from '#renderer/format'
import { realApi, type RealApiForTests } from './_real-api'

let app: RealApiForTests
let client: ApiClient

beforeEach(async () => {
  setActivePinia(createPinia())
  app = await realApi()
  client = app.client
  await client.addPlant({ name: 'Basil', status: 'available', tags: [], price: 3, category: 'Herbs' })
  await client.addPlant({ name: 'Mint', status: 'available', tags: [], price: 3, category: 'herbs' })
  await client.addPlant({ name: 'Fern', status: 'available', tags: [], price: 9, category: 'Ferns' })
})

const button = (wrapper: VueWrapper, text: string) => wrapper.findAll('button').find((found) => found.text() === text)!
/** No name of the API's fields, no JSON, no path reaches the owner. */
const API_WORDS = /taxRates|categoryTaxRates|receiptFooter|shopAddress|defaultTaxRate|[{}]|\/v3\//

async function mounted(): Promise<VueWrapper> {
  const wrapper = mount(SettingsShop, { attachTo: document.body })
  await app.settled()
  await flushPromises()
  return wrapper
}

async function addRate(wrapper: VueWrapper, name: string, percent: string): Promise<void> {
  await wrapper.find('#shop-new-rate-name').setValue(name)
  await wrapper.find('#shop-new-rate-percent').setValue(percent)
  await button(wrapper, 'Add rate').trigger('click')
}

describe('Settings → Shop & VAT', () => {
  it('saves the shop name, a two-line address, the VAT number and the footer for the receipt', async () => {
    const wrapper = await mounted()
    expect(wrapper.find('#shop-title').text()).toBe('Shop & VAT')
    await wrapper.find('#shop-name').setValue('The Green Shed')
    await wrapper.find('#shop-address').setValue('1 Mill Lane\nBristol')
    await wrapper.find('#shop-vat-number').setValue('GB123456789')
    await wrapper.find('#shop-receipt-footer').setValue('Returns within 28 days')
    await wrapper.find('form.settings-shop-details').trigger('submit')
    await app.settled()
    expect(await client.salesSettings()).toEqual({
      pricesIncludeTax: true,
      taxRates: [],
      shopName: 'The Green Shed',
      shopAddress: '1 Mill Lane\nBristol',
      vatNumber: 'GB123456789',
      receiptFooter: 'Returns within 28 days'
    })
    wrapper.unmount()
  })

  it('names the rates, sets the default and a category picked from the catalogue, and the basket prices with them at once', async () => {
    const wrapper = await mounted()
    await addRate(wrapper, 'Standard 20%', '20')
    await addRate(wrapper, 'Reduced 5%', '5,0')
    expect(wrapper.findAll('#shop-categories option').map((option) => option.attributes('value'))).toEqual(['Ferns', 'Herbs'])
    expect((wrapper.find('#shop-default-rate').element as HTMLSelectElement).value).toBe('standard-20')
    await wrapper.find('#shop-category').setValue('Herbs')
    await wrapper.find('#shop-category-rate').setValue('reduced-5')
    await button(wrapper, 'Set category rate').trigger('click')
    await wrapper.find('form.settings-shop-vat').trigger('submit')
    await app.settled()
    const saved = {
      pricesIncludeTax: true,
      taxRates: [
        { id: 'standard-20', name: 'Standard 20%', percent: 20 },
        { id: 'reduced-5', name: 'Reduced 5%', percent: 5 }
      ],
      defaultTaxRate: 'standard-20',
      categoryTaxRates: { Herbs: 'reduced-5' }
    }
    expect(await client.salesSettings()).toEqual(saved)
    expect(useShopStore().sales).toEqual(saved)
    expect(useBasketStore().settings).toEqual(saved)
    wrapper.unmount()
  })

  it('renames a rate and changes its percent, keeping what the sales refer to', async () => {
    await client.setSalesSettings({ pricesIncludeTax: true, taxRates: [{ id: 'reduced', name: 'Plants 5%', percent: 5 }], defaultTaxRate: 'reduced' })
    const wrapper = await mounted()
    await wrapper.find('input[aria-label="Name of rate 1"]').setValue('Plants 7%')
    await wrapper.find('input[aria-label="Percent of Plants 7%"]').setValue('7')
    await wrapper.find('form.settings-shop-vat').trigger('submit')
    await app.settled()
    expect((await client.salesSettings()).taxRates).toEqual([{ id: 'reduced', name: 'Plants 7%', percent: 7 }])
    wrapper.unmount()
  })

  it('does not remove a rate in use: it says where, in words, and removes it once nothing uses it', async () => {
    await client.setSalesSettings({
      pricesIncludeTax: true,
      taxRates: [
        { id: 'standard', name: 'Standard 20%', percent: 20 },
        { id: 'reduced', name: 'Reduced 5%', percent: 5 }
      ],
      defaultTaxRate: 'standard',
      categoryTaxRates: { Herbs: 'reduced' }
    })
    const wrapper = await mounted()
    await button(wrapper, 'Remove').trigger('click')
    expect(wrapper.find('.settings-shop-vat [role="alert"]').text()).toBe(
      '“Standard 20%” is the default rate: choose another rate for the default first, then remove it.'
    )
    await wrapper.find('button[aria-label="Remove Reduced 5%"]').trigger('click')
    expect(wrapper.find('.settings-shop-vat [role="alert"]').text()).toBe(
      '“Reduced 5%” is the rate of Herbs: choose another rate for them first, then remove it.'
    )
    await wrapper.find('button[aria-label="Use the default for Herbs"]').trigger('click')
    await wrapper.find('button[aria-label="Remove Reduced 5%"]').trigger('click')
    await wrapper.find('form.settings-shop-vat').trigger('submit')
    await app.settled()
    expect(await client.salesSettings()).toEqual({
      pricesIncludeTax: true,
      taxRates: [{ id: 'standard', name: 'Standard 20%', percent: 20 }],
      defaultTaxRate: 'standard'
    })
    wrapper.unmount()
  })

  it('refuses a percent that is no number and a footer with a control character in shop words, sending nothing', async () => {
    const wrapper = await mounted()
    await addRate(wrapper, 'Standard 20%', '20')
    await wrapper.find('input[aria-label="Percent of Standard 20%"]').setValue('twenty')
    await wrapper.find('form.settings-shop-vat').trigger('submit')
    await app.settled()
    const vatError = wrapper.find('#shop-vat-error').text()
    expect(vatError).toMatch(/^Not saved: The rate “Standard 20%”: its percent must be a number from 0 to 100/)
    expect(vatError).not.toMatch(API_WORDS)
    await wrapper.find('#shop-receipt-footer').setValue('Thanks\u0007')
    await wrapper.find('form.settings-shop-details').trigger('submit')
    await app.settled()
    const footerError = wrapper.find('#shop-receipt-footer-error').text()
    expect(footerError).toMatch(/^Not saved: Receipt footer: line 1 contains a control character \(U\+0007\)/)
    expect(footerError).not.toMatch(API_WORDS)
    expect(await client.salesSettings()).toEqual({ pricesIncludeTax: true, taxRates: [] })
    wrapper.unmount()
  })

  it('chooses how dates, times and amounts are written, with an example, and the UI writes them so at once', async () => {
    const wrapper = await mounted()
    const shop = useShopStore()
    await shop.load()
    await wrapper.find('#shop-locale').setValue('en-GB')
    await wrapper.find('form.settings-shop-locale').trigger('submit')
    await app.settled()
    const evening = new Date(2026, 10, 8, 19, 51)
    expect(formatUpdated(evening.toISOString(), evening)).toBe('19:51')
    await wrapper.find('#shop-locale').setValue('en-US')
    expect(wrapper.find('#shop-locale-example').text()).toMatch(/^Written like this: 11\/08\/2026, 07:51 PM · [^ ]*1,234\.50/)
    await wrapper.find('form.settings-shop-locale').trigger('submit')
    await app.settled()
    expect(((await client.shopSettings()) as { locale: string }).locale).toBe('en-US')
    expect(shop.money.locale).toBe('en-US')
    expect(formatUpdated(evening.toISOString(), evening)).toBe('07:51 PM')
    wrapper.unmount()
  })

  it('keeps the receipt words saved meanwhile when the VAT is saved after them', async () => {
    const wrapper = await mounted()
    await addRate(wrapper, 'Standard 20%', '20')
    await wrapper.find('#shop-name').setValue('The Green Shed')
    await wrapper.find('form.settings-shop-details').trigger('submit')
    await app.settled()
    await wrapper.find('form.settings-shop-vat').trigger('submit')
    await app.settled()
    expect(await client.salesSettings()).toMatchObject({ shopName: 'The Green Shed', taxRates: [{ name: 'Standard 20%', percent: 20 }] })
    wrapper.unmount()
  })
})
