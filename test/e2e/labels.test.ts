/**
 * Plant labels in Chromium: the print layout saved as PDF (`page.pdf()`, the
 * print CSS alone decides what is on the page), read back with poppler and
 * the QR codes decoded from a rendered page.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { readPrintedLabels } from './pages/printed-labels'
import { openTill } from './pages/till-session'

describe('printing labels', () => {
  it('prints a till card’s plant on an A4 sheet and on roll labels: name, category, code, decodable QR, no app chrome', async ({ browser }) => {
    const s = await openTill(browser, [
      { name: 'Boston fern', category: 'Ferns', tags: [] },
      { name: 'Monstera deliciosa', category: 'Aroids', tags: ['indoor'] }
    ])
    const page = s.watched.page
    await s.scan('PS-2')
    await page.getByRole('dialog', { name: 'Plant PS-2: Monstera deliciosa' }).getByRole('button', { name: 'Print label' }).click()
    const dialog = page.getByRole('dialog', { name: 'Print labels' })
    await dialog.getByLabel('Copies per plant').fill('3')
    await dialog.getByText('3 labels on 1 A4 page').waitFor()

    const sheet = await readPrintedLabels(await page.pdf({ preferCSSPageSize: true }))
    expect(sheet.pages).toBe(1)
    expect(sheet.pageSizeMm).toEqual([210, 297])
    expect(sheet.text.match(/Monstera deliciosa/g)).toHaveLength(3)
    expect(sheet.text.match(/PS-2/g)).toHaveLength(3)
    expect(sheet.text).toContain('Aroids')
    // Nothing of the app: no header, no table, no dialog.
    for (const chrome of ['Plant Store', 'Boston fern', 'Print labels', 'Copies per plant', 'Search']) expect(sheet.text).not.toContain(chrome)
    // The third label of the first row: 140–210 mm across, 0.5–37.5 mm down.
    expect(await sheet.decodeQr(1, { x: 140, y: 0, width: 70, height: 38 })).toBe('PS-2')

    await dialog.getByLabel('Single label, 62 × 29 mm (roll printer)').check()
    await dialog.getByText('3 labels on 3 pages').waitFor()
    const roll = await readPrintedLabels(await page.pdf({ preferCSSPageSize: true }))
    expect(roll.pages).toBe(3)
    expect(roll.pageSizeMm).toEqual([62, 29])
    expect(await roll.decodeQr(3, { x: 0, y: 0, width: 62, height: 29 })).toBe('PS-2')
    await s.finish()
  })
})
