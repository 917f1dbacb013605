// @vitest-environment happy-dom
/** A save over a change made elsewhere, against the real app (_real-api.ts): its If-Match refuses it, the dialogs settle it. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import PlantConflictDialog from '#renderer/components/catalogue/PlantConflictDialog.vue'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { usePlantsStore } from '#renderer/stores/plants'
import { useToastsStore } from '#renderer/stores/toasts'
import { useShopStore } from '#renderer/stores/shop'
import { FIELD_LABELS } from '#renderer/format'
import { EDITABLE_FIELDS } from '#shared/plant-schema'
import { realApi } from './_real-api'

let client: ApiClient
let id: number

beforeEach(async () => {
  setActivePinia(createPinia())
  ;({ client } = await realApi())
  ;({ id } = await client.addPlant({ name: 'Fern', category: 'Ferns', tags: ['shade'], status: 'available' }))
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

/** Someone else (a script, another window) changes the plant behind the UI's back. */
async function changedElsewhere(changes: Record<string, unknown>) {
  await client.savePlant({ id, ...changes })
}

describe('a save over a change made elsewhere', () => {
  it('is refused, kept, and offered as a choice instead of overwriting (status from the row)', async () => {
    const store = usePlantsStore()
    await store.load()
    const shown = store.plants[0]!
    await changedElsewhere({ status: 'sold' })
    await expect(store.setStatus(shown, 'pending')).rejects.toMatchObject({ status: 412 })
    expect(store.conflict).toEqual({ mine: { id, status: 'pending' }, theirs: expect.objectContaining({ status: 'sold', version: 2 }) })
    expect(await client.getPlant(id)).toMatchObject({ status: 'sold' })
  })

  it('Undo after someone else changed the plant does not set it back silently', async () => {
    const store = usePlantsStore()
    await store.load()
    const version = await store.setStatus(store.plants[0]!, 'sold') // our change: version 2
    await changedElsewhere({ status: 'pending' }) // a script: version 3
    await expect(store.setStatus({ ...store.plants[0]!, status: 'sold', version }, 'available')).rejects.toMatchObject({ status: 412 })
    expect(await client.getPlant(id)).toMatchObject({ status: 'pending', version: 3 })
    expect(store.conflict?.theirs.status).toBe('pending')
  })

  it('the edit dialog hands a refused save to the conflict dialog, which applies mine again over the current version', async () => {
    const store = usePlantsStore()
    const form = mount(PlantFormDialog, { props: { plant: await client.getPlant(id) }, attachTo: document.body })
    await changedElsewhere({ name: 'Boston fern' })
    await form.find('#plant-category').setValue('Ferns and mosses')
    await form.find('form').trigger('submit')
    await expect.poll(() => form.emitted('close')).toHaveLength(1)
    expect(store.conflict?.mine).toEqual({ id, category: 'Ferns and mosses' })

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
    await expect.poll(() => store.conflict).toBeNull()
    // Both changes survive: theirs (the name) and mine (the category).
    expect(await client.getPlant(id)).toMatchObject({ name: 'Boston fern', category: 'Ferns and mosses', version: 3 })
    expect(useToastsStore().toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Saved Boston fern' })
  })

  it('shows every field a plant may have, so a conflicting price (or stock) is a row of its own, in the shop’s money', async () => {
    const store = usePlantsStore()
    useShopStore().set({ currency: 'EUR', locale: 'de-DE' })
    await store.load()
    await changedElsewhere({ price: 12.5, quantity: 40, reorderAt: 5 })
    await store.updatePlant({ id, price: 9.99, quantity: 38 }, 1).catch(() => undefined)
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
    const savePlant = vi.spyOn(client, 'savePlant')
    await dialog
      .findAll('button')
      .find((button) => button.text() === 'Keep theirs')!
      .trigger('click')
    await flushPromises()
    expect(store.conflict).toBeNull()
    expect(savePlant).not.toHaveBeenCalled()
    expect(await client.getPlant(id)).toMatchObject({ status: 'sold' })
  })

  it('a change elsewhere while deciding brings the newer values back instead of overwriting them', async () => {
    const store = usePlantsStore()
    await store.load()
    await changedElsewhere({ status: 'sold' })
    await store.setStatus(store.plants[0]!, 'pending').catch(() => undefined)
    await changedElsewhere({ name: 'Moss' }) // version 3, while the dialog shows version 2
    await expect(store.resolveConflict('mine')).rejects.toMatchObject({ status: 412 })
    expect(store.conflict?.theirs).toMatchObject({ name: 'Moss', version: 3 })
    await store.resolveConflict('mine')
    expect(await client.getPlant(id)).toMatchObject({ name: 'Moss', status: 'pending', version: 4 })
  })
})
