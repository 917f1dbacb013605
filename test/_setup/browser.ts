/**
 * Debian's Chromium driven by playwright-core (which ships no browser):
 * `/usr/bin/chromium`, or the one CHROME_PATH names.
 */
import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

/** Launches the browser, or says how to install it. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`No Chromium at ${CHROME_PATH}. Install it with \`apt-get install -y chromium\`, or set CHROME_PATH.`)
  }
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_ARGS })
}

/** A page that records what would otherwise pass silently: script errors, failed requests, CSP violations. */
export interface WatchedPage {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[]
}

/** Opens a fresh context (own storage) and page. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return { context, page, problems }
}
