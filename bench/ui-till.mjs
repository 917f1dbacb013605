#!/usr/bin/env node
/**
 * The till's UI timings in Chromium (playwright-core, Debian's /usr/bin/chromium)
 * against our real server seeded with 10,000 plants:
 *
 *   scan → till card   from the scanner's first key to the frame after the till card is on screen (target ≤ 100 ms)
 *   labels, 100 plants from the click on Print labels to the frame after 100 labels with QR codes are laid out (target ≤ 1 s)
 *
 *   node bench/ui-till.mjs              (npm run bench:ui-till) builds out/ first
 *   options: --plants N (default 10000)  --rounds N (default 20)  --no-build
 * Timings are taken inside the page (performance.now), medians and the worst reported.
 */
/* global window, document, MutationObserver, requestAnimationFrame -- timeFromFirstKey and timeLabels run in the page */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { freshDataDir, writeSeed } from './lib/seed.mjs'
import { startServer, stopServer } from './lib/servers.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const TOKEN = 'bench-ui-till-token-0123456789abcdef0123'
const { values: args } = parseArgs({
  options: {
    plants: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false }
  }
})
const plantCount = Number(args.plants)
const rounds = Number(args.rounds)

if (!args['no-build']) execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' })

const work = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-ui-'))
const seed = await writeSeed(path.join(work, 'seed'), plantCount)
const dataDir = path.join(work, 'data')
await freshDataDir(dataDir, seed.plantsFile, 'plants.json')
const server = await startServer('ours', dataDir, { token: TOKEN })
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })

/** In the page: resolves with ms from the first keydown to the frame after `selector` is in the document. */
function timeFromFirstKey(selector) {
  return new Promise((resolve) => {
    let started
    const onKey = (event) => {
      started ??= event.timeStamp
    }
    window.addEventListener('keydown', onKey, true)
    const observer = new MutationObserver(() => {
      if (started === undefined || !document.querySelector(selector)) return
      observer.disconnect()
      window.removeEventListener('keydown', onKey, true)
      requestAnimationFrame(() => resolve(performance.now() - started))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  })
}

/** In the page: clicks the button named `name` and resolves with ms to the frame after `count` labels are laid out. */
function timeLabels({ name, count }) {
  return new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name)
    const started = performance.now()
    const check = () => {
      if (document.querySelectorAll('.label-print .plant-label svg path').length < count) return requestAnimationFrame(check)
      // Layout forced, then the next frame: the labels are ready to print.
      void document.querySelector('.label-print').getBoundingClientRect()
      requestAnimationFrame(() => resolve(performance.now() - started))
    }
    button.click()
    check()
  })
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)], worst: sorted.at(-1) }
}

try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await page.goto(`${server.origin}/#token=${TOKEN}`)
  await page.locator('[data-total]').waitFor()

  const scans = []
  for (let round = 0; round < rounds; round++) {
    const id = 1 + Math.floor(((round + 0.5) / rounds) * plantCount)
    const timing = page.evaluate(timeFromFirstKey, `dialog.till-card[aria-label^="Plant PS-${id}:"]`)
    await page.keyboard.type(`PS-${id}`)
    await page.keyboard.press('Enter')
    scans.push(await timing)
    await page.keyboard.press('Escape')
    await page.locator('dialog.till-card').waitFor({ state: 'detached' })
  }

  // 100 plants: the first two pages of 50, ticked page by page.
  await page.getByRole('checkbox', { name: 'Select all plants on this page' }).click()
  await page.getByRole('button', { name: 'Next page' }).click()
  await page.getByText('51–100', { exact: false }).waitFor()
  await page.getByRole('checkbox', { name: 'Select all plants on this page' }).click()
  await page.getByText('100 selected').waitFor()
  const labels = []
  for (let round = 0; round < Math.min(rounds, 10); round++) {
    labels.push(await page.evaluate(timeLabels, { name: 'Print labels', count: 100 }))
    await page.keyboard.press('Escape')
    await page.locator('.label-print').waitFor({ state: 'detached' })
  }

  const rows = [
    { measure: `scan → till card at ${plantCount} plants`, ...stats(scans), target: 100 },
    { measure: 'labels page of 100 plants', ...stats(labels), target: 1000 }
  ]
  console.log('| measure | median ms | worst ms | target ms | met |\n|---|---:|---:|---:|---|')
  for (const row of rows) {
    console.log(
      `| ${row.measure} | ${row.median.toFixed(1)} | ${row.worst.toFixed(1)} | ≤ ${row.target} | ${row.median <= row.target ? 'yes' : 'NO'} |`
    )
  }
} finally {
  await browser.close()
  await stopServer(server)
  await rm(work, { recursive: true, force: true })
}
