// @vitest-environment happy-dom
/** The label dialog prints through the desktop app's native dialog and offers Save as PDF there only; a browser keeps window.print(). */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DesktopLabels } from '#shared/desktop-bridge'
import LabelPrintDialog from '#renderer/components/catalogue/LabelPrintDialog.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useToastsStore } from '#renderer/stores/toasts'
import { plant } from './_fake-api'

const lastToast = () => useToastsStore().toasts.at(-1)?.message

beforeEach(() => {
  setActivePinia(createPinia())
  useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  window.print = vi.fn()
})
afterEach(() => {
  delete window.plantStore
  document.body.innerHTML = ''
})

function inDesktopApp(labels: Partial<DesktopLabels>): DesktopLabels {
  const native = { printLabels: vi.fn(async () => null), saveLabelsPdf: vi.fn(async () => null), ...labels } as DesktopLabels
  window.plantStore = { apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 't', version: '0.1.0', ...native }
  return native
}

const openDialog = () => mount(LabelPrintDialog, { props: { plants: [plant({ id: 1, name: 'Fern' })] }, attachTo: document.body })
const pdfButton = (wrapper: ReturnType<typeof openDialog>) => wrapper.findAll('button').find((button) => button.text() === 'Save as PDF…')

describe('label printing in the desktop app', () => {
  it('prints through the native print dialog, not window.print()', async () => {
    const native = inDesktopApp({})
    const wrapper = openDialog()
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(native.printLabels).toHaveBeenCalledExactlyOnceWith('sheet')
    expect(window.print).not.toHaveBeenCalled()
    expect(lastToast()).toBeUndefined()
  })

  it('tells the app the layout chosen, so a roll printer gets 62 × 29 mm pages', async () => {
    const native = inDesktopApp({})
    const wrapper = openDialog()
    await wrapper.find('input[name="label-layout"][value="roll"]').setValue(true)
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(native.printLabels).toHaveBeenCalledWith('roll')
    await pdfButton(wrapper)!.trigger('click')
    await flushPromises()
    expect(native.saveLabelsPdf).toHaveBeenCalledWith(expect.stringMatching(/^labels-.*\.pdf$/), 'roll')
  })

  it.each([
    ['Europe/Berlin', '2026-03-01T23:30:00Z', 'labels-2026-03-02.pdf'], // 00:30 in Berlin: the shop's day, not the UTC date
    ['America/New_York', '2026-03-02T03:00:00Z', 'labels-2026-03-01.pdf'] // 22:00 the evening before in New York
  ])('names the PDF by the shop’s day in %s', async (timeZone, now, name) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) })
    try {
      useShopStore().set({ currency: 'EUR', locale: 'de-DE', timeZone })
      const native = inDesktopApp({})
      await pdfButton(openDialog())!.trigger('click')
      await flushPromises()
      expect(native.saveLabelsPdf).toHaveBeenCalledWith(name, 'sheet')
    } finally {
      vi.useRealTimers()
    }
  })

  it('says why printing failed', async () => {
    inDesktopApp({ printLabels: vi.fn(async () => ({ error: 'the labels could not be printed (failed)' })) })
    await openDialog().find('form').trigger('submit')
    await flushPromises()
    expect(lastToast()).toBe('Printing failed: the labels could not be printed (failed)')
  })

  it('offers Save as PDF with a dated name, and says where the PDF went, or why not; cancel is silent', async () => {
    const native = inDesktopApp({ saveLabelsPdf: vi.fn(async () => null) })
    const wrapper = openDialog()
    await pdfButton(wrapper)!.trigger('click')
    await flushPromises()
    expect(native.saveLabelsPdf).toHaveBeenCalledWith(expect.stringMatching(/^labels-\d{4}-\d{2}-\d{2}\.pdf$/), 'sheet')
    expect(lastToast()).toBeUndefined()
    vi.mocked(native.saveLabelsPdf).mockResolvedValueOnce({ path: '/home/me/Documents/labels.pdf' })
    await pdfButton(wrapper)!.trigger('click')
    await flushPromises()
    expect(lastToast()).toBe('Labels saved to /home/me/Documents/labels.pdf')
    vi.mocked(native.saveLabelsPdf).mockResolvedValueOnce({ error: '/mnt/x/labels.pdf could not be written (EACCES); choose another place' })
    await pdfButton(wrapper)!.trigger('click')
    await flushPromises()
    expect(lastToast()).toBe('Save as PDF failed: /mnt/x/labels.pdf could not be written (EACCES); choose another place')
  })
})

describe('label printing in a browser', () => {
  it('has no Save as PDF button and prints with window.print()', async () => {
    const wrapper = openDialog()
    expect(pdfButton(wrapper)).toBeUndefined()
    await wrapper.find('form').trigger('submit')
    expect(window.print).toHaveBeenCalledOnce()
  })
})
