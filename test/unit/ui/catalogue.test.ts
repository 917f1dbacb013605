// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import PlantStatusFilter from '#renderer/components/catalogue/PlantStatusFilter.vue'
import PlantTableRow from '#renderer/components/catalogue/PlantTableRow.vue'
import { handleShortcut } from '#renderer/composables/useShortcuts'
import { usePlantsStore } from '#renderer/stores/plants'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([
    plant({ id: 1, name: 'Monstera', category: 'Aroids', tags: ['indoor', 'shade'] }),
    plant({ id: 2, name: 'Fern', status: 'pending' }),
    plant({ id: 3, name: 'Aloe', status: 'sold' })
  ])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

async function mountApp() {
  const wrapper = mount(App, { attachTo: document.body })
  await flushPromises()
  return wrapper
}

describe('the catalogue', () => {
  it('shows a real table with Name, Category, Tags (chips), Price, Stock, Status and Updated', async () => {
    const wrapper = await mountApp()
    const headers = wrapper.findAll('thead th').map((th) => th.text())
    expect(headers.slice(0, 7)).toEqual(['Name', 'Category', 'Tags', 'Price', 'Stock', 'Status', 'Updated'])
    const row = wrapper.find('tr[data-plant-id="1"]')
    expect(row.find('th').text()).toBe('Monstera')
    expect(row.findAll('.tag-chip').map((chip) => chip.text())).toEqual(['indoor', 'shade'])
    expect(row.find('select').attributes('aria-label')).toBe('Status of Monstera')
    expect(row.find('select').classes()).toContain('status-available')
    wrapper.unmount()
  })

  it('names the filter options All, Available, Pending, Sold with live counts and filters on change', async () => {
    const wrapper = await mountApp()
    const filter = wrapper.findComponent(PlantStatusFilter)
    const radios = filter.findAll('input[type="radio"]')
    // Each count is part of its option's accessible name.
    expect(radios.map((r) => r.attributes('aria-label'))).toEqual(['All, 3 plants', 'Available, 1 plant', 'Pending, 1 plant', 'Sold, 1 plant'])
    expect(filter.findAll('.segment-count').map((count) => count.text())).toEqual(['3', '1', '1', '1'])
    await radios[3]!.setValue(true)
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ status: 'sold' })
    expect(wrapper.findAll('tbody tr.plant-row')).toHaveLength(1)
    wrapper.unmount()
  })

  it('sorts by a column header and marks it with aria-sort', async () => {
    const wrapper = await mountApp()
    const nameHeader = wrapper.find('th.col-name')
    expect(nameHeader.attributes('aria-sort')).toBe('ascending')
    await nameHeader.find('button').trigger('click')
    await flushPromises()
    expect(nameHeader.attributes('aria-sort')).toBe('descending')
    expect(api.listQueries.at(-1)).toMatchObject({ sort: '-name' })
    wrapper.unmount()
  })

  it('narrows as the Search box is typed in', async () => {
    const wrapper = await mountApp()
    await wrapper.find('input[aria-label="Search"]').setValue('mon')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ q: 'mon' })
    expect(wrapper.findAll('tbody tr.plant-row').map((row) => row.find('th').text())).toEqual(['Monstera'])
    wrapper.unmount()
  })

  it('opens the add form from "Add plant" and the edit form from a row click or Edit', async () => {
    const wrapper = await mountApp()
    await wrapper.find('header button[aria-keyshortcuts="n"]').trigger('click')
    expect(wrapper.find('dialog h2').text()).toBe('Add plant')
    await wrapper.find('dialog').trigger('cancel')
    await wrapper.find('tr[data-plant-id="2"] td.cell-category').trigger('click')
    expect(wrapper.find('dialog h2').text()).toBe('Edit Fern')
    await wrapper.find('dialog').trigger('cancel')
    expect(wrapper.find('tr[data-plant-id="1"] .cell-actions button').text()).toBe('Edit Monstera') // its accessible name
    await wrapper.find('tr[data-plant-id="1"] .cell-actions button').trigger('click')
    expect(wrapper.find('dialog h2').text()).toBe('Edit Monstera')
    wrapper.unmount()
  })

  it('changes the status from the row in one step, with an Undo toast', async () => {
    const wrapper = await mountApp()
    await wrapper.find('tr[data-plant-id="1"] select').setValue('sold')
    await flushPromises()
    // Sent with If-Match: the version the row showed.
    expect(api.client.savePlant).toHaveBeenCalledWith({ id: 1, status: 'sold' }, { ifVersion: 1 })
    expect(wrapper.find('dialog').exists()).toBe(false) // the select did not also open the row's form
    const toast = wrapper.find('.toast')
    expect(toast.text()).toContain('Monstera is now sold')
    await toast.find('.toast-action').trigger('click')
    await flushPromises()
    // Undo puts back only over our own change (version 2), never over a change made since.
    expect(api.client.savePlant).toHaveBeenLastCalledWith({ id: 1, status: 'available' }, { ifVersion: 2 })
    wrapper.unmount()
  })

  it('shows "No plants yet" with Add plant for an empty catalogue', async () => {
    api.plants.splice(0)
    const wrapper = await mountApp()
    expect(wrapper.find('tbody').text()).toContain('No plants yet')
    expect(wrapper.find('tbody button').text()).toBe('Add plant')
    wrapper.unmount()
  })

  it('shows the error state with Try again when the server cannot be reached, and the locked page on 401', async () => {
    vi.mocked(api.client.listPlants).mockRejectedValueOnce(
      new ApiError({ type: 'about:blank', title: 'Server unreachable', status: 0, detail: 'The Plant Store server did not answer.' })
    )
    const wrapper = await mountApp()
    expect(wrapper.find('[role="alert"] h2').text()).toBe('Can’t reach the Plant Store server')
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Try again')!
      .trigger('click')
    await flushPromises()
    expect(wrapper.find('table').exists()).toBe(true)
    wrapper.unmount()

    setActivePinia(createPinia())
    vi.mocked(api.client.listPlants).mockRejectedValueOnce(new ApiError({ type: 'x', title: 'Unauthorized', status: 401, detail: 'token' }))
    const locked = await mountApp()
    expect(locked.find('h1').text()).toBe('This page needs its access link')
    // Nothing of the catalogue behind it: no table, no filter with 0 counts, no Add plant.
    expect(locked.find('table').exists()).toBe(false)
    expect(locked.find('[role="radiogroup"]').exists()).toBe(false)
    expect(locked.find('header').exists()).toBe(false)
    expect(locked.find('input#plant-access-code').exists()).toBe(true)
    locked.unmount()
  })

  it('shows the calm reconnecting banner while the stream is down', async () => {
    const wrapper = await mountApp()
    api.streamState('reconnecting', new ApiError({ type: 'about:blank', title: 'x', status: 0, detail: 'down' }))
    await flushPromises()
    expect(wrapper.find('.connection-banner').text()).toContain('Reconnecting')
    api.streamState('open')
    await flushPromises()
    expect(wrapper.find('.connection-banner').exists()).toBe(false)
    wrapper.unmount()
  })

  it('answers the keys / and n, but not while typing', async () => {
    const wrapper = await mountApp()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '/' }))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search')
    const shortcuts = { focusSearch: vi.fn(), addPlant: vi.fn(), undo: () => false, blocked: () => false }
    const typing = new KeyboardEvent('keydown', { key: 'n' })
    Object.defineProperty(typing, 'target', { value: document.activeElement })
    expect(handleShortcut(typing, shortcuts)).toBe(false)
    ;(document.activeElement as HTMLElement).blur()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }))
    await flushPromises()
    expect(wrapper.find('dialog h2').text()).toBe('Add plant')
    expect(handleShortcut(new KeyboardEvent('keydown', { key: 'n', ctrlKey: true }), shortcuts)).toBe(false)
    wrapper.unmount()
  })
})

describe('PlantTableRow', () => {
  it('names a plant without a name by its id', () => {
    setActivePinia(createPinia())
    usePlantsStore()
    const table = document.createElement('table')
    const tbody = table.appendChild(document.createElement('tbody'))
    document.body.appendChild(table)
    const wrapper = mount(PlantTableRow, { props: { plant: plant({ id: 12 }) }, attachTo: tbody })
    expect(wrapper.find('select').attributes('aria-label')).toBe('Status of Unnamed (#12)')
    wrapper.unmount()
  })
})
