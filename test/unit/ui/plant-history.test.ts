// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import PlantDialogTabs, { type PlantDialogTab } from '#renderer/components/catalogue/PlantDialogTabs.vue'
import PlantHistoryList from '#renderer/components/catalogue/PlantHistoryList.vue'
import { historyLine } from '#renderer/history-words'

const now = new Date(2026, 10, 24, 16, 30)
const at = new Date(2026, 10, 21, 14, 2).toISOString()
const lines = [
  historyLine({ seq: 9, type: 'plant.updated', plantId: 7, at, by: 'till', changes: { status: { from: 'available', to: 'sold' } } }, now),
  historyLine({ seq: 3, type: 'plant.added', plantId: 7, at, by: 'ui' }, now)
]

describe('PlantHistoryList', () => {
  it('lists the lines in the order given, each with its time, what and who', () => {
    const wrapper = mount(PlantHistoryList, { props: { lines, loading: false, error: null, hasOlder: false } })
    const items = wrapper.findAll('li')
    expect(items.map((item) => item.text())).toEqual(['Sat 14:02 — status Available → Sold, by till', 'Sat 14:02 — added, by the staff app'])
    expect(items[0]!.attributes('data-seq')).toBe('9')
    expect(items[0]!.find('time').attributes('datetime')).toBe(at)
    expect(wrapper.find('button').exists()).toBe(false)
  })

  it('says when there is nothing yet, offers older changes, and a retry after a failure', async () => {
    const empty = mount(PlantHistoryList, { props: { lines: [], loading: false, error: null, hasOlder: false } })
    expect(empty.text()).toBe('No changes recorded yet.')
    const paged = mount(PlantHistoryList, { props: { lines, loading: false, error: null, hasOlder: true } })
    await paged.find('button').trigger('click')
    expect(paged.emitted('older')).toHaveLength(1)
    const failed = mount(PlantHistoryList, { props: { lines: [], loading: false, error: 'server away', hasOlder: false } })
    expect(failed.find('[role="alert"]').text()).toContain('History could not be loaded: server away')
    await failed.find('button').trigger('click')
    expect(failed.emitted('retry')).toHaveLength(1)
  })
})

describe('PlantDialogTabs', () => {
  it('is a tab list: the selected tab alone is in the tab order, arrows and End move the selection', async () => {
    const wrapper = mount(PlantDialogTabs, {
      props: { modelValue: 'details' as PlantDialogTab, 'onUpdate:modelValue': (value: PlantDialogTab) => wrapper.setProps({ modelValue: value }) },
      attachTo: document.body
    })
    const tabs = () => wrapper.findAll('[role="tab"]')
    expect(wrapper.find('[role="tablist"]').exists()).toBe(true)
    expect(tabs().map((tab) => [tab.text(), tab.attributes('aria-selected'), tab.attributes('tabindex')])).toEqual([
      ['Details', 'true', '0'],
      ['History', 'false', '-1']
    ])
    await tabs()[0]!.trigger('keydown', { key: 'ArrowRight' })
    expect(wrapper.props('modelValue')).toBe('history')
    expect(tabs()[1]!.attributes('aria-controls')).toBe('plant-history-panel')
    expect(document.activeElement?.id).toBe('plant-tab-history')
    await tabs()[1]!.trigger('keydown', { key: 'Home' })
    expect(wrapper.props('modelValue')).toBe('details')
    await tabs()[1]!.trigger('click')
    expect(wrapper.props('modelValue')).toBe('history')
    wrapper.unmount()
  })
})
