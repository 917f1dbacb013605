// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useApiClient } from '#renderer/api'
import PlantConflictDialog from '#renderer/components/catalogue/PlantConflictDialog.vue'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { usePlantsStore } from '#renderer/stores/plants'
import { useToastsStore } from '#renderer/stores/toasts'
import { useShopStore } from '#renderer/stores/shop'
import { FIELD_LABELS } from '#renderer/format'
import { EDITABLE_FIELDS } from '#shared/plant-schema'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([plant({ id: 7, name: 'Fern', category: 'Ferns', tags: ['shade'], version: 1 })])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

/** Someone else (a script, another window) changes plant 7 behind the UI's back. */
async function changedElsewhere(changes: Record<string, unknown>) {
  await api.client.savePlant({ id: 7, ...changes })
}

// The store's own side of a conflicting save runs against the real app: plant-conflicts-store.test.ts.
describe('a save over a change made elsewhere', () => {
  it('the edit dialog hands a refused save to the conflict dialog, which applies mine again over the current version', async () => {
    const store = usePlantsStore()
    const form = mount(PlantFormDialog, { props: { plant: api.plants[0] }, attachTo: document.body })
    await changedElsewhere({ name: 'Boston fern' })
    await form.find('#plant-category').setValue('Ferns and mosses')
    await form.find('form').trigger('submit')
    await flushPromises()
    expect(form.emitted('close')).toHaveLength(1)
    expect(store.conflict?.mine).toEqual({ id: 7, category: 'Ferns and mosses' })

    const dialog = mount(PlantConflictDialog, { props: { conflict: store.conflict! }, attachTo: document.body })
    expect(dialog.find('h2').text()).toBe('Changed elsewhere since you opened it')
    const rows = dialog.findAll('tbody tr').map((row) => row.findAll('th, td').map((cell) => cell.text()))
    expect(rows).toEqual([
      ['Name', 'Boston fern', 'unchanged'],
      ['Category', 'Ferns', 'Ferns and mosses'],
      ['Tags', 'shade', 'unchanged'],
      ['Status', 'Available', 'unchanged'],
      ['Price', '—', 'unchanged'],
      ['Stock', '—', 'unchanged'],
      ['Reorder at', '—', 'unchanged']
    ])
    await dialog
      .findAll('button')
      .find((button) => button.text() === 'Apply mine again')!
      .trigger('click')
    await flushPromises()
    // Both changes survive: theirs (the name) and mine (the category).
    expect(api.plants[0]).toMatchObject({ name: 'Boston fern', category: 'Ferns and mosses', version: 3 })
    expect(store.conflict).toBeNull()
    expect(useToastsStore().toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Saved Boston fern' })
  })

  it('shows every field a plant may have, so a conflicting price (or stock) is a row of its own, in the shop’s money', async () => {
    const store = usePlantsStore()
    useShopStore().set({ currency: 'EUR', locale: 'de-DE' })
    await store.load()
    await changedElsewhere({ price: 12.5, quantity: 40, reorderAt: 5 })
    await store.updatePlant({ id: 7, price: 9.99, quantity: 38 }, 1).catch(() => undefined)
    const dialog = mount(PlantConflictDialog, { props: { conflict: store.conflict! }, attachTo: document.body })
    const rows = dialog.findAll('tbody tr').map((row) => row.findAll('th, td').map((cell) => cell.text().replace(/\u00a0/g, ' ')))
    expect(rows.map(([field]) => field)).toEqual(EDITABLE_FIELDS.map((field) => FIELD_LABELS[field]))
    expect(rows).toContainEqual(['Price', '12,50 €', '9,99 €'])
    expect(rows).toContainEqual(['Stock', '40', '38'])
    expect(rows).toContainEqual(['Reorder at', '5', 'unchanged'])
  })

  it('Keep theirs drops my change and sends nothing', async () => {
    const store = usePlantsStore()
    await store.load()
    await changedElsewhere({ status: 'sold' })
    await store.setStatus(store.plants[0]!, 'pending').catch(() => undefined)
    const dialog = mount(PlantConflictDialog, { props: { conflict: store.conflict! }, attachTo: document.body })
    const calls = api.client.savePlant as unknown as { mock: { calls: unknown[] } }
    const before = calls.mock.calls.length
    await dialog
      .findAll('button')
      .find((button) => button.text() === 'Keep theirs')!
      .trigger('click')
    await flushPromises()
    expect(store.conflict).toBeNull()
    expect(calls.mock.calls.length).toBe(before)
    expect(api.plants[0]).toMatchObject({ status: 'sold' })
  })
})
