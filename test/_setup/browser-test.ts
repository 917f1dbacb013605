/**
 * The one fixture of the browser tests (test/e2e): `it` as vitest's, with `browser`, Debian's Chromium, launched for
 * a file when its first test asks for it and closed after the file's last test. A test takes it from its context:
 * `it('sells', async ({ browser }) => { const s = await openTill(browser, PLANTS) … })`.
 */
import { test } from 'vitest'
import { launchBrowser } from './browser'

/** vitest's `it`, whose tests may ask for the file's `browser`. */
// vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern: none here.
// eslint-disable-next-line no-empty-pattern
export const it = test.extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
  const browser = await launchBrowser()
  onCleanup(() => browser.close())
  return browser
})
