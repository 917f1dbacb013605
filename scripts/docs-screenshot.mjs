#!/usr/bin/env node
/**
 * `npm run docs:screenshot`: refreshes docs/screenshot.png (the README's picture) from the e2e run's own
 * screenshot at 1366 × 768. The only writer of that tracked file: `npm run test:e2e` writes its screenshots to
 * test-results/screenshots (ignored by git) and leaves docs/ alone.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs')
const target = path.join(ROOT, 'docs/screenshot.png')
const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'vitest.e2e.config.ts', 'test/e2e/till.test.ts', '-t', 'docs/screenshot.png'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PLANT_STORE_DOCS_SCREENSHOT: target }
})
if (run.status === 0) console.log(`docs:screenshot: wrote ${path.relative(ROOT, target)}`)
process.exit(run.status ?? 1)
