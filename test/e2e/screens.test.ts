/**
 * The catalogue's screens measured in Chromium at a till's sizes: radio buttons beside their words, dialogs with
 * room inside, tags kept to two lines with a "+N" for the rest, no sideways scroll from the tick-box column, and
 * a short 1024 × 600 window that gives the list most of its height. Screenshots of each screen at 1366×768,
 * 1024×600 and 390×844 go to test-results/screenshots.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import type { NewPlant } from '#shared/plant'
import { SAMPLE_PLANTS, finish, openSession } from './pages/catalogue-session'
import { axeViolations } from './pages/axe'
import { TransferPanel } from './pages/import-dialog'
import { TILL_VIEWPORTS, saveScreenshot } from './pages/screenshots'
import { chipsCutOff, choiceLayout, dialogInsets, listHeightShare, scrollsSideways, scrollsSidewaysInside } from './pages/layout-probes'

/** Six tags (the table's limit) too long to share a line: more than two lines of chips at every width. */
const TAGGED = {
  name: 'Tagged fern',
  category: 'Ferns',
  tags: ['shade-loving plant', 'likes humidity', 'hanging basket', 'beginner friendly', 'pet safe indoors', 'slow growing']
} satisfies NewPlant

describe('screens at a till’s sizes', () => {
  it('Print labels: each layout’s radio button sits beside its words, on their line', async ({ browser }) => {
    const s = await openSession(browser, SAMPLE_PLANTS.slice(0, 3))
    const { page } = s.watched
    await page.getByRole('checkbox', { name: 'Select Aloe vera' }).click()
    await page.getByRole('region', { name: 'Selected plants' }).getByRole('button', { name: 'Print labels' }).click()
    const dialog = page.getByRole('dialog', { name: 'Print labels' })
    const choices = dialog.getByRole('group', { name: 'Layout' }).locator('label')
    for (const viewport of TILL_VIEWPORTS) {
      await page.setViewportSize(viewport)
      expect(await choices.count()).toBe(2)
      for (const choice of await choices.all()) {
        const layout = await choiceLayout(choice)
        const where = `${await choice.textContent()} at ${viewport.width} px`
        expect(layout.overlap, where).toBeGreaterThan(layout.boxWidth / 2)
        expect(layout.wordsAfterBox, where).toBe(true)
        expect(layout.boxWidth, where).toBeLessThan(30)
      }
      await saveScreenshot(page, 'labels-dialog')
    }
    await dialog.getByLabel('Single label, 62 × 29 mm (roll printer)').check()
    await dialog.getByText('1 label on 1 page').waitFor()
    await finish(s)
  })

  it('Import: the dialog’s content sits as far in from its edges as the plant form’s', async ({ browser }) => {
    const s = await openSession(browser, SAMPLE_PLANTS.slice(0, 3))
    const { page } = s.watched
    await s.catalogue.addPlant.click()
    const form = await dialogInsets(s.catalogue.form.dialog)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Import plants' })
    const inset = await dialogInsets(dialog)
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      expect(inset[side], side).toBeGreaterThanOrEqual(16)
      expect(inset[side], side).toBeCloseTo(form[side], 0)
    }
    for (const viewport of TILL_VIEWPORTS) {
      await page.setViewportSize(viewport)
      expect(await scrollsSidewaysInside(dialog), `${viewport.width} px`).toBe(false)
      await saveScreenshot(page, 'import-dialog')
    }
    await page.keyboard.press('Escape')
    await page.setViewportSize(TILL_VIEWPORTS[0]!)
    expect(
      await new TransferPanel(page).preview('plants.csv', 'id,name,category,tags,price\n,Ivy,Climbers,shade,4.50\n2,Boston fern,Ferns,humid,12\n')
    ).toBe('1 plant to add, 1 plant to update, 0 unchanged')
    for (const viewport of TILL_VIEWPORTS) {
      await page.setViewportSize(viewport)
      expect(await scrollsSidewaysInside(dialog), `preview at ${viewport.width} px`).toBe(false)
      await saveScreenshot(page, 'import-dialog-preview')
    }
    await finish(s)
  })

  it('tags that need a third line: the chips that fit, then "+N" naming the rest (tooltip and screen reader)', async ({ browser }) => {
    const s = await openSession(browser, [...SAMPLE_PLANTS, TAGGED])
    const { page } = s.watched
    const chips = s.catalogue.row(TAGGED.name).getByRole('list')
    for (const viewport of TILL_VIEWPORTS) {
      await page.setViewportSize(viewport)
      const where = `${viewport.width} px`
      // Every chip drawn is seen whole, none hidden below the second line (once the chips have met the new width).
      await expect.poll(() => chipsCutOff(chips), { message: where }).toBe(0)
      const items = await chips.getByRole('listitem').allTextContents()
      const more = items.at(-1)!.trim()
      const hidden = TAGGED.tags.slice(items.length - 1)
      expect(hidden.length, where).toBeGreaterThan(0)
      expect(more, where).toBe(`+${hidden.length} more: ${hidden.join(', ')}`)
      expect(await chips.getByRole('listitem').last().getAttribute('title'), where).toBe(hidden.join(', '))
      // Tags that fit get no "+N".
      expect(await s.catalogue.row('Aloe vera').getByRole('listitem').allTextContents(), where).toEqual(['sun', 'medicinal'])
      await s.catalogue.row(TAGGED.name).scrollIntoViewIfNeeded()
      await saveScreenshot(page, 'catalogue-tags')
    }
    await finish(s)
  })

  it('the tick-box column does not make the table (or the page) scroll sideways', async ({ browser }) => {
    const s = await openSession(browser, [...SAMPLE_PLANTS, TAGGED])
    const { page } = s.watched
    const scroller = page.locator('.table-scroll')
    for (const viewport of [{ width: 1920, height: 1080 }, ...TILL_VIEWPORTS, { width: 800, height: 600 }]) {
      await page.setViewportSize(viewport)
      expect(await scrollsSidewaysInside(scroller), `table at ${viewport.width} px`).toBe(false)
      expect(await scrollsSideways(page), `page at ${viewport.width} px`).toBe(false)
    }
    await finish(s)
  })

  it('a short 1024 × 600 window gives the list most of its height, and 1366 × 768 and 390 × 844 keep theirs', async ({ browser }) => {
    const s = await openSession(browser, [...SAMPLE_PLANTS, TAGGED], { width: 1024, height: 600 })
    const { page } = s.watched
    expect(await listHeightShare(page)).toBeGreaterThanOrEqual(0.7)
    expect((await page.getByRole('banner').boundingBox())!.height, 'the header on one line').toBeLessThan(60)
    expect(await axeViolations(page), 'the short header').toEqual([])
    await saveScreenshot(page, 'catalogue-short')
    // What the other sizes had before the short window's layout: no less.
    for (const [viewport, share] of [
      [{ width: 1366, height: 768 }, 0.74],
      [{ width: 390, height: 844 }, 0.57]
    ] as const) {
      await page.setViewportSize(viewport)
      expect(await listHeightShare(page), `${viewport.width} px`).toBeGreaterThanOrEqual(share)
      await saveScreenshot(page, 'catalogue-short')
    }
    await finish(s)
  })
})
