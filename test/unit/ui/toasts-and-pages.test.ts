// @vitest-environment happy-dom
/** Toasts that never pile up or vanish under a hand, and paging through 10,000 plants. */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import TheToasts from '#renderer/components/shell/TheToasts.vue'
import { PAGE_SIZE } from '#renderer/stores/plants'
import { MAX_TOASTS, useToastsStore } from '#renderer/stores/toasts'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi
let mounted: VueWrapper | undefined

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi(
    Array.from({ length: 10 * PAGE_SIZE + 7 }, (_, index) => plant({ id: index + 1, name: `Plant ${String(index + 1).padStart(5, '0')}` }))
  )
  useApiClient(api.client)
})

afterEach(() => {
  mounted?.unmount()
  mounted = undefined
  vi.useRealTimers()
})

describe('toasts', () => {
  it('shows at most two, announced through one polite live region inside a labelled region', async () => {
    mounted = mount(TheToasts, { attachTo: document.body })
    const toasts = useToastsStore()
    for (const n of [1, 2, 3, 4]) toasts.success(`change ${n} saved`)
    await flushPromises()
    expect(MAX_TOASTS).toBe(2)
    expect(mounted.findAll('.toast').map((toast) => toast.find('.toast-message').text())).toEqual(['change 3 saved', 'change 4 saved'])
    expect(mounted.find('section').attributes('aria-label')).toBe('Notifications')
    expect(mounted.findAll('[aria-live]')).toHaveLength(1)
    expect(mounted.find('[aria-live]').attributes('aria-live')).toBe('polite')
    expect(mounted.find('[aria-live]').text()).toBe('change 3 saved. change 4 saved')
    expect(mounted.findAll('[role="status"], [role="alert"]')).toHaveLength(0)
  })

  it('pauses while hovered or focused and runs on afterwards', async () => {
    vi.useFakeTimers()
    mounted = mount(TheToasts, { attachTo: document.body })
    const toasts = useToastsStore()
    toasts.success('kept while read')
    await vi.advanceTimersByTimeAsync(3000)
    await mounted.find('section').trigger('pointerenter')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(toasts.toasts).toHaveLength(1)
    await mounted.find('section').trigger('pointerleave')
    await vi.advanceTimersByTimeAsync(999)
    expect(toasts.toasts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1100)
    expect(toasts.toasts).toHaveLength(0)
  })
})

describe('paging at 10,000 plants', () => {
  it('offers first, last, page numbers and Go to page, each loading its page', async () => {
    mounted = mount(App, { attachTo: document.body })
    await flushPromises()
    const pager = () => mounted!.find('nav[aria-label="Pages"]')
    const button = (name: string) =>
      pager()
        .findAll('button')
        .find((b) => b.text().includes(name))!
    expect(pager().find('[data-total]').text()).toBe('1–50 of 507 plants')
    expect(button('First page').attributes('disabled')).toBeDefined()
    await button('Last page').trigger('click')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ offset: 10 * PAGE_SIZE, limit: PAGE_SIZE })
    expect(mounted.findAll('tbody th').map((th) => th.text())).toEqual(
      Array.from({ length: 7 }, (_, i) => `Plant ${String(501 + i).padStart(5, '0')}`)
    )
    expect(pager().find('[aria-current="page"]').text()).toBe('11')
    expect(
      pager()
        .findAll('button[aria-label^="Page"]')
        .map((b) => b.text())
    ).toEqual(['7', '8', '9', '10', '11'])
    await button('9').trigger('click')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ offset: 8 * PAGE_SIZE })
    await pager().find('#pager-go').setValue('7')
    await pager().find('form').trigger('submit')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ offset: 6 * PAGE_SIZE })
    expect(pager().find('[data-total]').text()).toBe('301–350 of 507 plants')
    await pager().find('#pager-go').setValue('999')
    await pager().find('form').trigger('submit')
    await flushPromises()
    expect(pager().find('[aria-current="page"]').text()).toBe('11') // past the end: the last page
    await button('First page').trigger('click')
    await flushPromises()
    expect(api.listQueries.at(-1)).toMatchObject({ offset: 0 })
  })
})
