#!/usr/bin/env node
/**
 * `npm run docs:guide`: makes the pictures of the shop owners' guide (docs/guide/img) again from the running app, by
 * the e2e test that otherwise compares them (test/e2e/guide.test.ts). The only writer of those tracked files.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs')
const target = path.join(ROOT, 'docs/guide/img')
const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'vitest.e2e.config.ts', 'test/e2e/guide.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PLANT_STORE_DOCS_GUIDE: target }
})
if (run.status === 0) console.log(`docs:guide: wrote the pictures in ${path.relative(ROOT, target)}`)
process.exit(run.status ?? 1)
