/**
 * Questions asked inside the page about its layout (run by page.evaluate, so they use the page's globals;
 * the e2e tests themselves are typed for Node).
 */
import type { Locator, Page } from 'playwright-core'

/** True when the page scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth > (globalThis as any).innerWidth)
}

/** The accessible name (aria-label) of the focused element. */
export function focusedLabel(page: Page): Promise<string | null | undefined> {
  return page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-label'))
}

/** The computed CSS `display` of an element. */
export function displayOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => (globalThis as any).getComputedStyle(element).display)
}

/**
 * The status controls on screen (inside the visible part of the table's scroll area) that a toast covers:
 * what is on top at the centre of each control.
 */
export function statusControlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document
    return [...doc.querySelectorAll('select.status-select')].flatMap((select: any) => {
      const box = select.getBoundingClientRect()
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      const shown = select.closest('.table-scroll').getBoundingClientRect() // rows scrolled out of it are not on screen
      if (y < Math.max(0, shown.top) || y > Math.min((globalThis as any).innerHeight, shown.bottom)) return []
      return doc.elementFromPoint(x, y)?.closest('.toast') ? [select.getAttribute('aria-label')] : []
    })
  })
}
