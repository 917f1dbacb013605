/**
 * What is handed to Electron to print each layout: its paper and no margins,
 * in the units each call takes (print: microns, printToPDF: inches). Before,
 * no size was passed, so a roll printer was sent the default (A4 or Letter)
 * and the 62 × 29 mm label came out on a page of the wrong size.
 */
import { describe, expect, it } from 'vitest'
import { pdfOptions, printFailureText, printOptions } from '#desktop/print-options'
import { PRINT_LAYOUTS, isPrintLayout, type PrintLayout } from '#shared/print-layouts'

describe('printOptions (webContents.print)', () => {
  it.each([
    ['sheet', 210_000, 297_000],
    ['roll', 62_000, 29_000],
    ['receipt-80mm', 80_000, 297_000],
    ['receipt-58mm', 58_000, 297_000],
    ['receipt-a5', 148_000, 210_000]
  ] as const)('prints %s on %i × %i microns, no margins, through the dialog', (layout, width, height) => {
    expect(printOptions(layout)).toEqual({
      silent: false,
      printBackground: true,
      margins: { marginType: 'none' },
      pageSize: { width, height }
    })
  })

  it('stays above the 352 microns Electron refuses, for every layout', () => {
    for (const layout of Object.keys(PRINT_LAYOUTS) as PrintLayout[]) {
      const { pageSize } = printOptions(layout)
      expect(Math.min(pageSize.width, pageSize.height), layout).toBeGreaterThan(352)
    }
  })
})

describe('pdfOptions (webContents.printToPDF)', () => {
  it('renders the layout’s page in inches with no margins, the page’s own CSS size first', () => {
    const roll = pdfOptions('roll')
    expect(roll).toMatchObject({ printBackground: true, preferCSSPageSize: true, margins: { top: 0, bottom: 0, left: 0, right: 0 } })
    expect(roll.pageSize.width).toBeCloseTo(62 / 25.4, 10)
    expect(roll.pageSize.height).toBeCloseTo(29 / 25.4, 10)
    expect(pdfOptions('sheet').pageSize.width).toBeCloseTo(8.2677, 4)
  })
})

describe('the layouts', () => {
  it('are data: a receipt size is one entry, and only known names pass from the page', () => {
    expect(Object.keys(PRINT_LAYOUTS)).toEqual(['sheet', 'roll', 'receipt-80mm', 'receipt-58mm', 'receipt-a5'])
    expect(isPrintLayout('roll')).toBe(true)
    for (const value of ['Roll', 'toString', '__proto__', 'constructor', '', undefined, 7, { widthMm: 62 }]) expect(isPrintLayout(value)).toBe(false)
  })
})

describe('printFailureText', () => {
  it('says in words that no printer is set up, and otherwise names Electron’s reason', () => {
    expect(printFailureText('no valid printers available')).toBe('No printer is set up on this computer — use Save as PDF')
    expect(printFailureText('No printers available on the network')).toBe('No printer is set up on this computer — use Save as PDF')
    expect(printFailureText('Failed to enumerate printers')).toBe(
      "This computer's list of printers could not be read — check that its printing service runs, or use Save as PDF"
    )
    expect(printFailureText('Print job failed')).toBe('the labels could not be printed (Print job failed)')
    expect(printFailureText('')).toBe('the labels could not be printed (unknown reason)')
  })
})
