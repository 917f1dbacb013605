// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import jsQR from 'jsqr'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import LabelPrintDialog from '#renderer/components/catalogue/LabelPrintDialog.vue'
import { LABEL_LAYOUTS, labelsFor, paginate, qrPath } from '#renderer/labels'
import { useShopStore } from '#renderer/stores/shop'
import { plant } from './_fake-api'

/** Draws an SVG path of `M x y h n v1 h-n z` runs (what qrPath makes) into RGBA pixels, `scale` px a module, quiet zone 4. */
function rasterise({ size, d }: { size: number; d: string }, scale = 4): { data: Uint8ClampedArray; width: number } {
  const width = (size + 8) * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = (Number(y) + 4) * scale; py < (Number(y) + 5) * scale; py++) {
      for (let px = (Number(x) + 4) * scale; px < (Number(x) + 4 + Number(run)) * scale; px++)
        data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
    }
  }
  return { data, width }
}

describe('label layout', () => {
  const plants = [plant({ id: 1, name: 'A' }), plant({ id: 2, name: 'B' })]

  it('repeats each plant for its copies, side by side, with the plant’s code', () => {
    expect(labelsFor(plants, 2).map((label) => [label.key, label.code])).toEqual([
      ['1-0', 'PS-1'],
      ['1-1', 'PS-1'],
      ['2-0', 'PS-2'],
      ['2-1', 'PS-2']
    ])
    expect(labelsFor(plants, 0)).toHaveLength(2)
    expect(labelsFor(plants, 1000)).toHaveLength(200)
  })

  it('prints one label per pot in stock for a line kept in stock, one for a single plant, none for an empty line', () => {
    const lines = [plant({ id: 7, name: 'Lavender', quantity: 3 }), plant({ id: 8, name: 'Oak' }), plant({ id: 9, name: 'Gone', quantity: 0 })]
    expect(labelsFor(lines, 'per-pot').map((label) => label.key)).toEqual(['7-0', '7-1', '7-2', '8-0'])
    expect(labelsFor([plant({ id: 1, quantity: 5000 })], 'per-pot')).toHaveLength(1000)
  })

  it('fills A4 sheets 24 labels at a time, roll labels one a page', () => {
    expect(LABEL_LAYOUTS.sheet.perPage).toBe(3 * 8)
    expect(paginate(labelsFor(plants, 25), 'sheet').map((page) => page.length)).toEqual([24, 24, 2])
    expect(paginate(labelsFor(plants, 2), 'roll').map((page) => page.length)).toEqual([1, 1, 1, 1])
  })
})

describe('QR codes', () => {
  it('draws a path that decodes to the code', () => {
    for (const code of ['PS-1', 'PS-123456', 'PS-999999999999']) {
      const { data, width } = rasterise(qrPath(code))
      expect(jsQR(data, width, width)?.data).toBe(code)
    }
  })
})

describe('the Print labels dialog', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    useShopStore().set({ currency: 'GBP', locale: 'en-GB' })
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
  })

  it('counts labels and pages for the layout and copies, previews the first label, and prints the sheet', async () => {
    // (happy-dom has no print dialog)
    const print = vi.fn()
    window.print = print
    const plants = Array.from({ length: 10 }, (_, index) =>
      plant({ id: index + 1, name: `Plant ${index + 1}`, category: 'Ferns', price: 4.5 } as Parameters<typeof plant>[0])
    )
    const wrapper = mount(LabelPrintDialog, { props: { plants }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.find('[role="status"]').text()).toBe('10 labels on 1 A4 page')
    await wrapper.find('#label-copies').setValue('3')
    expect(wrapper.find('[role="status"]').text()).toBe('30 labels on 2 A4 pages')
    expect(wrapper.find('.label-preview').text()).toContain('Plant 1')
    expect(wrapper.find('.label-preview').text()).toContain('£4.50')
    const sheet = document.querySelector('.label-print')!
    expect(sheet.querySelectorAll('.label-page')).toHaveLength(2)
    expect(sheet.querySelectorAll('.plant-label')).toHaveLength(30)
    expect(sheet.querySelector('svg')?.getAttribute('aria-label')).toBe('QR code PS-1')
    await wrapper.findAll('input[type="radio"]')[1]!.setValue(true)
    expect(wrapper.find('[role="status"]').text()).toBe('30 labels on 30 pages')
    expect(document.activeElement?.textContent).toBe('Print…')
    await wrapper.find('form').trigger('submit')
    expect(print).toHaveBeenCalledOnce()
    wrapper.unmount()
    expect(document.querySelector('.label-print')).toBeNull()
  })

  it('offers one label per pot for lines kept in stock: "labels for 40 pots"', async () => {
    const plants = [plant({ id: 7, name: 'Lavender', quantity: 40 }), plant({ id: 8, name: 'Oak' })]
    const wrapper = mount(LabelPrintDialog, { props: { plants }, attachTo: document.body })
    await flushPromises()
    const perPot = wrapper.find('input[type="checkbox"]')
    expect(perPot.element.parentElement?.textContent?.trim()).toBe('One label per pot in stock (41 labels)')
    await perPot.setValue(true)
    expect(wrapper.find('#label-copies').exists()).toBe(false)
    expect(wrapper.find('[role="status"]').text()).toBe('41 labels on 2 A4 pages')
    expect(document.querySelectorAll('.label-print .plant-label')).toHaveLength(41)
    wrapper.unmount()
  })

  it('does not offer labels per pot when no plant keeps stock', async () => {
    const wrapper = mount(LabelPrintDialog, { props: { plants: [plant({ id: 8, name: 'Oak' })] }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.find('input[type="checkbox"]').exists()).toBe(false)
    wrapper.unmount()
  })
})
