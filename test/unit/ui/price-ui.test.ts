// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { useShopStore } from '#renderer/stores/shop'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([plant({ id: 1, name: 'Monstera', price: 1234.5 }), plant({ id: 2, name: 'Fern' })])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  // The shop's setting as the server has it: App reads it at start; the dialogs alone use the store.
  vi.mocked(api.client.shopSettings).mockResolvedValue({ currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' })
  useShopStore().set({ currency: 'EUR', locale: 'de-DE' })
})

const text = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ')

describe('prices in the catalogue', () => {
  it('shows a sortable Price column in the shop’s currency, empty without a price', async () => {
    useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    expect(api.client.shopSettings).toHaveBeenCalled()
    expect(text(wrapper.find('tr[data-plant-id="1"] .cell-price').text())).toBe('1.234,50 €')
    expect(wrapper.find('tr[data-plant-id="2"] .cell-price').text()).toBe('')
    await wrapper.find('th.col-price button').trigger('click')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ sort: 'price' })
    wrapper.unmount()
  })
})

describe('the Price field', () => {
  async function edit(id?: number) {
    const wrapper = mount(PlantFormDialog, { props: { plant: api.plants.find((p) => p.id === id) }, attachTo: document.body })
    await flushPromises()
    return wrapper
  }

  it('shows the price with the locale’s decimal mark and sends a changed price as a number', async () => {
    const wrapper = await edit(1)
    const field = wrapper.find('#plant-price')
    expect((field.element as HTMLInputElement).value).toBe('1234,50')
    expect(wrapper.find('#plant-price-hint').text()).toBe('In EUR; leave empty for no price.')
    await field.setValue('19,99')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenLastCalledWith({ id: 1, price: 19.99 }, { ifVersion: 1 })
    wrapper.unmount()
  })

  it('sends null when the price is emptied, and nothing when it is unchanged', async () => {
    const cleared = await edit(1)
    await cleared.find('#plant-price').setValue('')
    await cleared.find('#plant-name').setValue('Monstera deliciosa')
    await cleared.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenLastCalledWith({ id: 1, name: 'Monstera deliciosa', price: null }, { ifVersion: 1 })
    cleared.unmount()
    const same = await edit(2)
    await same.find('#plant-name').setValue('Boston fern')
    await same.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenLastCalledWith({ id: 2, name: 'Boston fern' }, { ifVersion: 1 })
    same.unmount()
  })

  it('adds a plant with a price, and explains a price that is not one under the field', async () => {
    const wrapper = await edit()
    await wrapper.find('#plant-name').setValue('Aloe')
    await wrapper.find('#plant-price').setValue('4,5')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.addPlant).toHaveBeenLastCalledWith({ name: 'Aloe', status: 'available', price: 4.5 })
    wrapper.unmount()
    const wrong = await edit()
    await wrong.find('#plant-name').setValue('Aloe')
    await wrong.find('#plant-price').setValue('4,555')
    await wrong.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.addPlant).toHaveBeenCalledTimes(1)
    expect(wrong.find('#plant-price').attributes('aria-invalid')).toBe('true')
    expect(wrong.find('#plant-price-error').text()).toBe('Price has at most two decimals (cents)')
    wrong.unmount()
  })
})
