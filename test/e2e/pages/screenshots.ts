/** Screenshots for people to look at: test-results/screenshots (ignored by git), named by screen and window size. */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots')

/** The window sizes of a till every screen is looked at: a laptop, a small till screen, a phone. */
export const TILL_VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 600 },
  { width: 390, height: 844 }
]

/** Saves the page as it is now, the pointer moved out of the way, as `NAME-WIDTHxHEIGHT.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize()!
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.mouse.move(0, 0)
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}x${height}.png`) })
}
