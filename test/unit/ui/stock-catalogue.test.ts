// @vitest-environment happy-dom
/** Stock in the catalogue: the Stock column (sortable, low stock marked) and the form's Stock and Reorder-at fields. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import ImportDialog from '#renderer/components/catalogue/ImportDialog.vue'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { useTransferStore } from '#renderer/stores/transfer'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([
    plant({ id: 1, name: 'Lavender', quantity: 37, reorderAt: 5 }),
    plant({ id: 2, name: 'Moss', quantity: 3, reorderAt: 5 }),
    plant({ id: 3, name: 'Single oak' })
  ])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

describe('stock in the catalogue', () => {
  it('shows the Stock column, marks low stock, leaves single plants empty and sorts by stock', async () => {
    const wrapper = mount(App, { attachTo: document.body })
    await flushPromises()
    const cell = (id: number) => wrapper.find(`tr[data-plant-id="${id}"] .cell-stock`)
    expect(cell(1).text()).toBe('37 in stock')
    expect(cell(1).classes()).not.toContain('is-low')
    expect(cell(2).text()).toBe('3 · low in stock')
    expect(cell(2).classes()).toContain('is-low')
    expect(cell(3).text()).toBe('')
    const stock = wrapper.findAll('thead th').find((th) => th.text() === 'Stock')!
    await stock.find('button').trigger('click')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ sort: 'quantity' })
    expect(stock.attributes('aria-sort')).toBe('ascending')
    wrapper.unmount()
  })

  it('edits the stock (sent as quantity, a count) and the reorder level; text that is no number is explained', async () => {
    const wrapper = mount(PlantFormDialog, { props: { plant: api.plants[0]! }, attachTo: document.body })
    expect((wrapper.find('#plant-quantity').element as HTMLInputElement).value).toBe('37')
    await wrapper.find('#plant-quantity').setValue('forty')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.find('#plant-quantity-error').text()).toBe('Stock must be a whole number of pots from 0 to 1,000,000, like 40')
    expect(api.client.savePlant).not.toHaveBeenCalled()
    await wrapper.find('#plant-quantity').setValue('40')
    await wrapper.find('#plant-reorderAt').setValue('')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenLastCalledWith({ id: 1, quantity: 40, reorderAt: null }, { ifVersion: 1 })
    wrapper.unmount()
  })
})

describe('the import preview of a stock count', () => {
  it('says how many lines go up and down, and marks each change', async () => {
    vi.mocked(api.client.importPlants).mockResolvedValue({
      added: 0,
      updated: 3,
      unchanged: 0,
      warnings: [],
      errors: [],
      applied: false,
      stock: { up: 2, down: 1 },
      changes: [
        { row: 2, id: 1, before: { quantity: 37 }, after: { quantity: 40 } },
        { row: 3, id: 2, before: { quantity: 3 }, after: { quantity: 1 } },
        { row: 4, id: 3, before: {}, after: { quantity: 12 } }
      ]
    })
    const dialog = mount(ImportDialog, { attachTo: document.body })
    await useTransferStore().choose(new File(['id,quantity\r\n1,40\r\n'], 'count.csv', { type: 'text/csv' }))
    await flushPromises()
    expect(dialog.find('.import-stock').text().replace(/\s+/g, ' ')).toBe('Stock count: 2 lines go up, 1 line goes down')
    expect(dialog.findAll('.import-changes tbody tr').map((row) => [row.attributes('data-stock'), row.findAll('td')[2]!.text()])).toEqual([
      ['up', '↑ up, quantity: 37 → 40'],
      ['down', '↓ down, quantity: 3 → 1'],
      ['up', '↑ up, quantity: — → 12']
    ])
    dialog.unmount()
  })
})
