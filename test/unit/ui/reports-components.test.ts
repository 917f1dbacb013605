// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import ReportsCategoryList from '#renderer/components/reports/ReportsCategoryList.vue'
import ReportsPeriodPicker from '#renderer/components/reports/ReportsPeriodPicker.vue'
import ReportsSalesChart from '#renderer/components/reports/ReportsSalesChart.vue'
import TheViewSwitch from '#renderer/components/shell/TheViewSwitch.vue'
import { presetPeriod, rankedCategories, type Period, type PeriodPreset } from '#renderer/report-data'
import { useViewStore } from '#renderer/stores/view'

beforeEach(() => setActivePinia(createPinia()))

describe('ReportsSalesChart', () => {
  it('draws on a canvas named by its figures, with the same figures in a table for screen readers', async () => {
    const series = { labels: ['23 Nov', '24 Nov'], sold: [0, 3], returned: [0, 1] }
    const wrapper = mount(ReportsSalesChart, { props: { series, title: 'Sold per day' } })
    const canvas = wrapper.find('canvas')
    expect(canvas.attributes('role')).toBe('img')
    expect(canvas.attributes('aria-label')).toBe('Sold per day: 3 sold in 2 bars')
    expect(canvas.attributes('data-sold-total')).toBe('3')
    expect(wrapper.findAll('tbody tr').map((row) => row.text())).toEqual(['23 Nov00', '24 Nov31'])
    await wrapper.setProps({ series: { labels: ['24 Nov'], sold: [5], returned: [0] } })
    expect(canvas.attributes('data-sold-total')).toBe('5')
    wrapper.unmount()
  })
})

describe('ReportsCategoryList', () => {
  it('ranks the categories with bars as long as their share of the best seller', () => {
    const rows = rankedCategories({
      groups: [
        { key: 'Ferns', sold: 1, returned: 0, net: 1, total: 0 },
        { key: 'Aroids', sold: 4, returned: 0, net: 4, total: 80 }
      ]
    })
    const wrapper = mount(ReportsCategoryList, { props: { rows } })
    const items = wrapper.findAll('li')
    expect(items.map((item) => item.find('.category-name').text())).toEqual(['Aroids', 'Ferns'])
    expect(items[0]!.text()).toContain('4 sold')
    expect(items[0]!.text()).toBe('Aroids4 sold') // pots only: the catalogue's prices are no money taken
    expect((items[0]!.find('.category-bar-fill').element as HTMLElement).style.width).toBe('100%')
    expect((items[1]!.find('.category-bar-fill').element as HTMLElement).style.width).toBe('25%')
    expect(mount(ReportsCategoryList, { props: { rows: [] } }).text()).toBe('Nothing sold in this period.')
  })
})

describe('ReportsPeriodPicker', () => {
  it('sets the period from a preset, and a typed date makes it custom', async () => {
    let preset: PeriodPreset = 'last30'
    let period: Period = presetPeriod('last30')
    const wrapper = mount(ReportsPeriodPicker, {
      props: {
        preset,
        period,
        'onUpdate:preset': (value: PeriodPreset) => (preset = value),
        'onUpdate:period': (value: Period) => (period = value)
      }
    })
    await wrapper.find('#report-preset').setValue('last7')
    expect(preset).toBe('last7')
    expect(period).toEqual(presetPeriod('last7'))
    await wrapper.find('#report-from').setValue('2026-01-05')
    expect(preset).toBe('custom')
    expect(period.from).toBe('2026-01-05')
    expect(wrapper.find('label[for="report-to"]').text()).toBe('To')
  })
})

describe('TheViewSwitch', () => {
  it('switches between the catalogue, the till, the stock work and the reports, marking the one shown', async () => {
    const wrapper = mount(TheViewSwitch)
    expect(wrapper.find('nav').attributes('aria-label')).toBe('Views')
    const buttons = wrapper.findAll('button')
    expect(buttons.map((button) => [button.text(), button.attributes('aria-current')])).toEqual([
      ['Catalogue', 'page'],
      ['Till', undefined],
      ['Stock', undefined],
      ['Reports', undefined]
    ])
    await buttons[3]!.trigger('click')
    expect(useViewStore().current).toBe('reports')
    expect(buttons[3]!.attributes('aria-current')).toBe('page')
    await buttons[2]!.trigger('click')
    expect(useViewStore().current).toBe('stock')
    await buttons[1]!.trigger('click')
    expect(useViewStore().current).toBe('till')
  })
})

describe('ReportsCategoryList cells', () => {
  it('keeps three cells a row (the grid): name, bar, pots sold', () => {
    const rows = rankedCategories({ groups: [{ key: 'Ferns', sold: 2, returned: 0, net: 2, total: 0 }] })
    const cells = mount(ReportsCategoryList, { props: { rows } }).findAll('li > span')
    expect(cells.map((cell) => cell.text())).toEqual(['Ferns', '', '2 sold'])
  })
})
