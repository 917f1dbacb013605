// @vitest-environment happy-dom
/** What a real till showed up, in the components: blank names, arrow keys on a status, focus, Undo, Esc, tags. */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import App from '#renderer/App.vue'
import { useApiClient } from '#renderer/api'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { fakeApi, plant, type FakeApi } from './_fake-api'
import { REFRESH_DELAY_MS } from '#renderer/stores/plants'

let api: FakeApi
let mounted: VueWrapper | undefined

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([
    plant({ id: 1, name: 'Aloe' }),
    plant({ id: 2, name: 'Begonia' }),
    plant({ id: 3, name: 'Cactus' }),
    plant({ id: 4, name: 'Dahlia', status: 'sold' })
  ])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

afterEach(() => {
  mounted?.unmount()
  mounted = undefined
  vi.useRealTimers()
})

async function mountApp() {
  mounted = mount(App, { attachTo: document.body })
  await flushPromises()
  return mounted
}

const select = (wrapper: VueWrapper, id: number) => wrapper.find(`tr[data-plant-id="${id}"] select`)
const key = (target: Element, init: KeyboardEventInit) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }))
/** What a closed native select does on ArrowDown: the key, then the value moves and `change` fires. */
async function arrowTo(wrapper: VueWrapper, id: number, value: string) {
  const element = select(wrapper, id).element as HTMLSelectElement
  key(element, { key: 'ArrowDown' })
  element.value = value
  element.dispatchEvent(new Event('change', { bubbles: true }))
  await flushPromises()
}

describe('a blank add form', () => {
  it('saves nothing, says "Give the plant a name" and puts focus on Name (also for a name of spaces)', async () => {
    for (const typed of ['', '   ']) {
      const wrapper = mount(PlantFormDialog, { attachTo: document.body })
      await wrapper.find('#plant-name').setValue(typed)
      await wrapper.find('form').trigger('submit')
      await flushPromises()
      expect(api.client.addPlant).not.toHaveBeenCalled()
      expect(wrapper.find('#plant-name-error').text()).toBe('Give the plant a name')
      expect(document.activeElement?.id).toBe('plant-name')
      wrapper.unmount()
    }
  })

  it('previews tags as the server keeps them: indoor, Indoor, INDOOR is one chip', async () => {
    const wrapper = mount(PlantFormDialog, { attachTo: document.body })
    await wrapper.find('#plant-tags').setValue('indoor, Indoor, INDOOR, Straße, STRASSE')
    expect(wrapper.findAll('.tag-chip').map((chip) => chip.text())).toEqual(['indoor', 'Straße'])
    wrapper.unmount()
  })
})

describe('the status select of a row', () => {
  it('commits only on Enter after arrow keys: two steps, one save, one toast', async () => {
    const wrapper = await mountApp()
    await arrowTo(wrapper, 1, 'pending')
    await arrowTo(wrapper, 1, 'sold')
    expect(api.client.savePlant).not.toHaveBeenCalled()
    key(select(wrapper, 1).element, { key: 'Enter' })
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenCalledTimes(1)
    expect(api.client.savePlant).toHaveBeenCalledWith({ id: 1, status: 'sold' }, { ifVersion: 1 })
    expect(wrapper.findAll('.toast')).toHaveLength(1)
  })

  it('commits a stepped choice when focus leaves, and Esc puts it back without saving', async () => {
    const wrapper = await mountApp()
    await arrowTo(wrapper, 2, 'sold')
    key(select(wrapper, 2).element, { key: 'Escape' })
    await select(wrapper, 2).trigger('blur')
    await flushPromises()
    expect(api.client.savePlant).not.toHaveBeenCalled()
    expect((select(wrapper, 2).element as HTMLSelectElement).value).toBe('available')
    await arrowTo(wrapper, 2, 'pending')
    await select(wrapper, 2).trigger('blur')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenCalledWith({ id: 2, status: 'pending' }, { ifVersion: 1 })
  })

  it('moves focus to the next row when the changed row leaves the filtered view', async () => {
    const wrapper = await mountApp()
    await wrapper.findAll('input[type="radio"]')[1]!.setValue(true) // Available
    await flushPromises()
    ;(select(wrapper, 2).element as HTMLSelectElement).focus()
    await arrowTo(wrapper, 2, 'sold')
    key(select(wrapper, 2).element, { key: 'Enter' })
    ;(select(wrapper, 2).element as HTMLElement).blur() // what the row's removal does to focus
    // Waits for the refresh (after REFRESH_DELAY_MS) to remove the row, however late a loaded machine runs the timer.
    const rowShown = async () => {
      await flushPromises()
      return wrapper.find('tr[data-plant-id="2"]').exists()
    }
    await expect.poll(rowShown, { timeout: REFRESH_DELAY_MS + 10_000 }).toBe(false)
    expect(document.activeElement).toBe(select(wrapper, 3).element)
  })

  it('is disabled with the reason while the server is away, and Retry now asks the stream to reconnect at once', async () => {
    const wrapper = await mountApp()
    api.streamState('reconnecting')
    await flushPromises()
    expect(select(wrapper, 1).attributes('disabled')).toBeDefined()
    expect(select(wrapper, 1).attributes('title')).toMatch(/paused until the server is back/)
    expect(wrapper.find('header button[aria-keyshortcuts="n"]').attributes('disabled')).toBeDefined()
    const retry = wrapper.findAll('.connection-banner button').find((button) => button.text() === 'Retry now')!
    await retry.trigger('click')
    expect(api.retryNow).toHaveBeenCalledTimes(1)
    api.streamState('open')
    await flushPromises()
    expect(select(wrapper, 1).attributes('disabled')).toBeUndefined()
  })

  it('reloads the view when the server says it cannot replay what was missed (event: reset)', async () => {
    await mountApp()
    const loads = api.listQueries.length
    api.reset()
    await expect.poll(() => api.listQueries.length).toBe(loads + 1) // after the refresh delay
  })
})

describe('keyboard users keep their place', () => {
  it('returns focus to the row after Edit closes, and to Add plant after an add', async () => {
    const wrapper = await mountApp()
    const edit = wrapper.find('tr[data-plant-id="3"] .row-edit')
    ;(edit.element as HTMLElement).focus()
    await edit.trigger('click')
    expect(wrapper.find('dialog').exists()).toBe(true)
    await wrapper.find('dialog').trigger('cancel')
    await flushPromises()
    expect(wrapper.find('dialog').exists()).toBe(false)
    expect(document.activeElement).toBe(edit.element)

    const add = wrapper.find('header button[aria-keyshortcuts="n"]')
    ;(add.element as HTMLElement).focus()
    await add.trigger('click')
    await wrapper.find('#plant-name').setValue('Elm')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(document.activeElement).toBe(add.element)
  })

  it('asks "Discard changes?" on Esc when something was typed, and Enter on Status saves', async () => {
    const wrapper = await mountApp()
    await wrapper.find('tr[data-plant-id="1"] .row-edit').trigger('click')
    await wrapper.find('#plant-name').setValue('Aloe vera')
    await wrapper.find('dialog').trigger('cancel')
    expect(wrapper.find('[role="alertdialog"]').text()).toContain('Discard changes?')
    await wrapper
      .findAll('[role="alertdialog"] button')
      .find((button) => button.text() === 'Keep editing')!
      .trigger('click')
    expect(wrapper.find('#plant-name').element).toHaveProperty('value', 'Aloe vera')
    await wrapper.find('#plant-status').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenCalledWith({ id: 1, name: 'Aloe vera' }, { ifVersion: 1 })
  })

  it('puts the Undo of a row’s change right after that row in the tab order, and Shift+Tab goes back', async () => {
    const wrapper = await mountApp()
    await select(wrapper, 2).setValue('sold')
    await flushPromises()
    const edit = wrapper.find('tr[data-plant-id="2"] .row-edit').element as HTMLElement
    edit.focus()
    key(edit, { key: 'Tab' })
    expect(document.activeElement?.textContent?.trim()).toBe('Undo')
    key(document.activeElement!, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(edit)
    // Another row's Edit button tabs on as usual.
    const other = wrapper.find('tr[data-plant-id="1"] .row-edit').element as HTMLElement
    other.focus()
    expect(key(other, { key: 'Tab' })).toBe(true) // not prevented
  })

  it('undoes the last change with Ctrl+Z while its toast shows, and takes / and n on a status select', async () => {
    const wrapper = await mountApp()
    await select(wrapper, 1).setValue('sold')
    await flushPromises()
    ;(select(wrapper, 1).element as HTMLElement).focus()
    key(select(wrapper, 1).element, { key: 'z', ctrlKey: true })
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenLastCalledWith({ id: 1, status: 'available' }, { ifVersion: 2 })
    expect(wrapper.findAll('.toast-action')).toHaveLength(0)
    key(select(wrapper, 1).element, { key: '/' })
    expect(document.activeElement?.id).toBe('search')
  })
})
