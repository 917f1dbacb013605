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

/** True when the element's content is wider than its box, so it scrolls (or would scroll) sideways. */
export function scrollsSidewaysInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth)
}

/** Vertical overlap (px) of a radio button or tick box and the words of its label, and whether the words follow it. */
export function choiceLayout(label: Locator): Promise<{ overlap: number; wordsAfterBox: boolean; boxWidth: number }> {
  return label.evaluate((element) => {
    const doc = (globalThis as any).document
    const box = element.querySelector('input').getBoundingClientRect()
    const range = doc.createRange()
    range.selectNodeContents(element)
    range.setStartAfter(element.querySelector('input'))
    const words = range.getBoundingClientRect()
    return {
      overlap: Math.min(box.bottom, words.bottom) - Math.max(box.top, words.top),
      wordsAfterBox: words.left >= box.right,
      boxWidth: box.width
    }
  })
}

/** How far in from a dialog's edges its content sits: its header's top and left, its actions' right and bottom. */
export function dialogInsets(dialog: Locator): Promise<{ top: number; right: number; bottom: number; left: number }> {
  return dialog.evaluate((element) => {
    const edge = element.getBoundingClientRect()
    const header = element.querySelector('.dialog-header').getBoundingClientRect()
    const actions = element.querySelector('.dialog-actions').getBoundingClientRect()
    return { top: header.top - edge.top, right: edge.right - actions.right, bottom: edge.bottom - actions.bottom, left: header.left - edge.left }
  })
}

/** How many of a list's chips are not wholly inside its box (cut off below its two-line limit, say). */
export function chipsCutOff(list: Locator): Promise<number> {
  return list.evaluate((element) => {
    const bounds = element.getBoundingClientRect()
    const chips = [...element.children].map((chip: any) => chip.getBoundingClientRect())
    return chips.filter((chip) => chip.top < bounds.top - 1 || chip.bottom > bounds.bottom + 1 || chip.right > bounds.right + 1).length
  })
}

/** The share (0–1) of the window's height that the catalogue's list (the table's scroll area) gets. */
export function listHeightShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document
    return doc.querySelector('.table-scroll').getBoundingClientRect().height / (globalThis as any).innerHeight
  })
}
