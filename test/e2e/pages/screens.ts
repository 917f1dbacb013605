/** Looks at a screen at the three sizes the shop uses (desktop, small laptop, phone): a screenshot of each in test-results/. */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { scrollsSideways } from './layout-probes'

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots')

/** 1366 × 768, 1024 × 600 and 390 × 844. */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 600 },
  { width: 390, height: 844 }
] as const

/**
 * Saves `name-WIDTHxHEIGHT.png` at each size (with `show` scrolled into view) and returns the sizes at which the page scrolled sideways (none, on a
 * good screen); the page is left at the first size.
 */
export async function screenshotEachSize(page: Page, name: string, show?: Locator): Promise<string[]> {
  await mkdir(SCREENSHOTS, { recursive: true })
  const sideways: string[] = []
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size)
    if (await scrollsSideways(page)) sideways.push(`${size.width}×${size.height}`)
    await show?.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`) })
  }
  await page.setViewportSize(SCREEN_SIZES[0])
  return sideways
}
