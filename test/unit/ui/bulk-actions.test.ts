// @vitest-environment happy-dom
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from '#shared/api-client'
import type { Plant } from '#shared/plant'
import App from '#renderer/App.vue'
import { undoRefused } from '#renderer/stores/bulk-actions'
import { useLabelsStore } from '#renderer/stores/labels'
import { useToastsStore } from '#renderer/stores/toasts'
import { realApi } from './_real-api'

let client: ApiClient

beforeEach(async () => {
  setActivePinia(createPinia())
  ;({ client } = await realApi())
  for (let index = 0; index < 6; index++) {
    await client.addPlant({ name: `Plant ${String.fromCharCode(65 + index)}`, status: index % 2 ? 'pending' : 'available', tags: [] })
  }
  for (const name of ['bulkUpdate', 'deletePlant', 'restorePlant', 'bulkDelete', 'bulkRestore'] as const) vi.spyOn(client, name)
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

async function mountApp() {
  const wrapper = mount(App, { attachTo: document.body })
  await expect.poll(() => wrapper.findAll('tr[data-plant-id]')).toHaveLength(6)
  return wrapper
}

/** The plants the app holds now, by id. */
async function plants(): Promise<Plant[]> {
  return (await client.listPlants({ sort: 'id' })).plants
}

/** Waits for the newest toast to say `message`. */
async function toasted(message: string): Promise<void> {
  await expect.poll(() => useToastsStore().toasts.at(-1)?.message).toBe(message)
}

const box = (wrapper: VueWrapper, id: number) => wrapper.find(`tr[data-plant-id="${id}"] .select-box`)
const bar = (wrapper: VueWrapper) => wrapper.find('.selection-bar')
const button = (wrapper: VueWrapper, text: string) => wrapper.findAll('button').find((b) => b.text() === text)!

/** Runs the newest toast's action (Undo). */
async function undo(): Promise<void> {
  useToastsStore().toasts.at(-1)!.action!.run()
  await flushPromises()
}

describe('bulk selection', () => {
  it('ticks rows, a shift-click range, the page, and all matching; the bar counts them', async () => {
    const wrapper = await mountApp()
    expect(bar(wrapper).exists()).toBe(false)
    await box(wrapper, 2).trigger('click')
    await box(wrapper, 5).trigger('click', { shiftKey: true })
    expect(bar(wrapper).find('[role="status"]').text()).toBe('4 selected')
    expect([1, 2, 3, 4, 5, 6].map((id) => (box(wrapper, id).element as HTMLInputElement).checked)).toEqual([false, true, true, true, true, false])
    // A shift-click on a ticked row unticks the range from the last row clicked (5) to it.
    await box(wrapper, 3).trigger('click', { shiftKey: true })
    expect(bar(wrapper).find('[role="status"]').text()).toBe('1 selected')
    await wrapper.find('thead .select-box').trigger('click')
    expect(bar(wrapper).find('[role="status"]').text()).toBe('6 selected')
    await wrapper.find('thead .select-box').trigger('click')
    expect(bar(wrapper).exists()).toBe(false)
    await box(wrapper, 1).trigger('click')
    await button(wrapper, 'Select all 6 matching').trigger('click')
    expect(bar(wrapper).find('[role="status"]').text()).toBe('6 selected')
    await button(wrapper, 'Clear selection').trigger('click')
    expect(bar(wrapper).exists()).toBe(false)
    wrapper.unmount()
  })

  it('sets a status on the selection in one call; one Undo gives each plant its own status back', async () => {
    const wrapper = await mountApp()
    for (const id of [1, 2, 3]) await box(wrapper, id).trigger('click')
    await button(wrapper, 'Set status…').trigger('click')
    await button(wrapper, 'Sold').trigger('click')
    await toasted('3 plants set to sold')
    expect(client.bulkUpdate).toHaveBeenCalledWith({ ids: [1, 2, 3], changes: { status: 'sold' } })
    expect((await plants()).slice(0, 3).map((p) => p.status)).toEqual(['sold', 'sold', 'sold'])
    expect(useToastsStore().toasts.at(-1)?.message).toBe('3 plants set to sold')
    const setVersions = (await vi.mocked(client.bulkUpdate).mock.results[0]!.value).map((p: Plant) => p.version)
    await undo()
    await expect.poll(async () => (await plants()).slice(0, 3).map((p) => p.status)).toEqual(['available', 'pending', 'available'])
    expect(client.bulkUpdate).toHaveBeenCalledTimes(2)
    // Undo names the versions the change left, so the server refuses it (412) for a plant changed since.
    expect((vi.mocked(client.bulkUpdate).mock.calls[1]![0] as { updates: { version?: number }[] }).updates.map((u) => u.version)).toEqual(setVersions)
    wrapper.unmount()
  })

  it("says in the shop's words why a bulk Undo put nothing back, naming the plant that was sold since (412)", async () => {
    const wrapper = await mountApp()
    for (const id of [1, 2]) await box(wrapper, id).trigger('click')
    await button(wrapper, 'Set status…').trigger('click')
    await button(wrapper, 'Pending').trigger('click')
    await toasted('2 plants set to pending')
    const detail = 'Plant 2 was changed since version 2: GET /v3/plant/2 for what it is now.'
    vi.mocked(client.bulkUpdate).mockRejectedValueOnce(
      new ApiError({ type: 'urn:plant-store:problem:version-conflict', status: 412, title: 'Precondition Failed', detail }, { id: 2, version: 3 })
    )
    await undo()
    await toasted(undoRefused('Plant B'))
    expect(useToastsStore().toasts.at(-1)?.message).toContain('Could not undo: Plant B was changed since')
    expect(useToastsStore().toasts.at(-1)?.message).not.toContain('/v3/')
    wrapper.unmount()
  })

  it('deletes one plant at once with Undo; more than one asks first', async () => {
    const wrapper = await mountApp()
    await box(wrapper, 4).trigger('click')
    await button(wrapper, 'Delete').trigger('click')
    await toasted('Deleted Plant D')
    expect(client.deletePlant).toHaveBeenCalledWith(4, { ifMatch: 1 })
    expect(wrapper.find('tr[data-plant-id="4"]').exists()).toBe(false)
    expect(useToastsStore().toasts.at(-1)?.message).toBe('Deleted Plant D')
    await undo()
    expect(client.restorePlant).toHaveBeenCalledWith(4)
    await expect.poll(() => wrapper.find('tr[data-plant-id="4"]').exists()).toBe(true)

    await box(wrapper, 1).trigger('click')
    await box(wrapper, 2).trigger('click')
    await button(wrapper, 'Delete').trigger('click')
    await flushPromises()
    const confirm = wrapper.find('dialog[aria-label="Delete 2 plants?"]')
    expect(confirm.exists()).toBe(true)
    expect(client.bulkDelete).not.toHaveBeenCalled()
    await button(wrapper, 'Delete 2 plants').trigger('click')
    await toasted('Deleted 2 plants')
    expect(client.bulkDelete).toHaveBeenCalledWith([1, 2])
    expect((await plants()).map((p) => p.id)).toEqual([3, 4, 5, 6])
    await undo()
    expect(client.bulkRestore).toHaveBeenCalledWith([1, 2])
    await expect.poll(async () => (await plants()).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6])
    wrapper.unmount()
  })

  it('deletes from the edit dialog at once, If-Match the version shown, with Undo', async () => {
    const wrapper = await mountApp()
    await wrapper.find('tr[data-plant-id="2"] .cell-actions button').trigger('click')
    await button(wrapper, 'Delete').trigger('click')
    await toasted('Deleted Plant B')
    expect(client.deletePlant).toHaveBeenCalledWith(2, { ifMatch: 1 })
    expect(wrapper.find('#plant-name').exists()).toBe(false)
    expect(wrapper.find('tr[data-plant-id="2"]').exists()).toBe(false)
    await undo()
    await expect.poll(() => wrapper.find('tr[data-plant-id="2"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('prints labels of the selection', async () => {
    const wrapper = await mountApp()
    await box(wrapper, 6).trigger('click')
    await button(wrapper, 'Print labels').trigger('click')
    await flushPromises()
    expect(useLabelsStore().plants?.map((p) => p.id)).toEqual([6])
    expect(wrapper.find('dialog[aria-labelledby="label-dialog-title"]').exists()).toBe(true)
    wrapper.unmount()
  })
})
