// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useApiClient } from '#renderer/api'
import type { ChangeRecord } from '#shared/history'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { HISTORY_PAGE_SIZE } from '#renderer/stores/history'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi
/** The server's history of plant 7, oldest first. */
let log: ChangeRecord[]
let plantHistory: FakeApi['client']['plantHistory'] & ReturnType<typeof vi.fn>

const change = (seq: number, to: 'sold' | 'pending' | 'available', by = 'till'): ChangeRecord => ({
  seq,
  type: 'plant.updated',
  plantId: 7,
  at: new Date(2026, 10, 21, 14, seq).toISOString(),
  by,
  changes: { status: { from: 'available', to } }
})

/** Pages like the server: the newest `limit` by default, those before `before`, or those after `after`; `next` pages back. */
function page(query: { limit?: number; before?: number; after?: number }) {
  const limit = query.limit ?? 50
  if (query.after !== undefined) return { changes: log.filter((record) => record.seq > query.after!).slice(0, limit), next: null }
  const upTo = log.filter((record) => query.before === undefined || record.seq < query.before)
  const changes = upTo.slice(-limit)
  return { changes, next: upTo.length > changes.length ? changes[0]!.seq : null }
}

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([plant({ id: 7, name: 'Olive tree' })])
  log = [{ seq: 1, type: 'plant.added', plantId: 7, at: new Date(2026, 10, 20, 9, 0).toISOString(), by: 'ui' }]
  plantHistory = vi.mocked(api.client.plantHistory).mockImplementation(async (_id, query = {}) => page(query))
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

async function openHistory() {
  const wrapper = mount(PlantFormDialog, { props: { plant: api.plants[0] }, attachTo: document.body })
  await wrapper.find('#plant-tab-history').trigger('click')
  await flushPromises()
  return wrapper
}

const items = (wrapper: Awaited<ReturnType<typeof openHistory>>) => wrapper.findAll('#plant-history-panel li').map((item) => item.text())

describe('History tab of the edit dialog', () => {
  it('shows the plant’s changes newest first, in shop words, and hides the fields meanwhile', async () => {
    log.push(change(2, 'sold'))
    const wrapper = await openHistory()
    expect(plantHistory).toHaveBeenCalledWith(7, { limit: HISTORY_PAGE_SIZE })
    expect(items(wrapper)).toEqual([
      expect.stringMatching(/ — status Available → Sold, by till$/),
      expect.stringMatching(/ — added, by the staff app$/)
    ])
    expect(wrapper.find('form').classes()).toContain('is-history')
    await wrapper.find('#plant-tab-details').trigger('click')
    expect(wrapper.find('#plant-history-panel').exists()).toBe(false)
    expect(wrapper.find('form').classes()).not.toContain('is-history')
    wrapper.unmount()
  })

  it('has no tabs when adding a plant', () => {
    const wrapper = mount(PlantFormDialog, { attachTo: document.body })
    expect(wrapper.find('[role="tablist"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('fetches only what came after the newest line when a change of this plant is announced, and nothing for another plant', async () => {
    const wrapper = await openHistory()
    log.push(change(2, 'pending'))
    api.emit({ type: 'plant.updated', plant: { ...api.plants[0]!, id: 8 } })
    await flushPromises()
    expect(plantHistory).toHaveBeenCalledTimes(1)
    api.emit({ type: 'plant.updated', plant: { ...api.plants[0]!, status: 'pending' } })
    await flushPromises()
    expect(plantHistory).toHaveBeenLastCalledWith(7, { limit: HISTORY_PAGE_SIZE, after: 1 })
    expect(items(wrapper)[0]).toMatch(/status Available → Pending, by till$/)
    expect(items(wrapper)).toHaveLength(2)
    wrapper.unmount()
  })

  it('catches up with a burst larger than a page', async () => {
    const wrapper = await openHistory()
    for (let seq = 2; seq <= HISTORY_PAGE_SIZE + 3; seq++) log.push(change(seq, 'sold'))
    api.emit({ type: 'plant.updated', plant: api.plants[0]! })
    await flushPromises()
    expect(items(wrapper)).toHaveLength(HISTORY_PAGE_SIZE + 3)
    expect(plantHistory).toHaveBeenLastCalledWith(7, { limit: HISTORY_PAGE_SIZE, after: HISTORY_PAGE_SIZE + 1 })
    wrapper.unmount()
  })

  it('pages back with Show older changes', async () => {
    for (let seq = 2; seq <= HISTORY_PAGE_SIZE + 5; seq++) log.push(change(seq, 'pending'))
    const wrapper = await openHistory()
    expect(items(wrapper)).toHaveLength(HISTORY_PAGE_SIZE)
    const older = wrapper.findAll('#plant-history-panel button').find((button) => button.text() === 'Show older changes')!
    await older.trigger('click')
    await flushPromises()
    expect(plantHistory).toHaveBeenLastCalledWith(7, { limit: HISTORY_PAGE_SIZE, before: 6 })
    expect(items(wrapper)).toHaveLength(HISTORY_PAGE_SIZE + 5)
    expect(items(wrapper).at(-1)).toMatch(/added, by the staff app$/)
    expect(wrapper.findAll('#plant-history-panel button').some((button) => button.text() === 'Show older changes')).toBe(false)
    wrapper.unmount()
  })
})
