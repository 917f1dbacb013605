#!/usr/bin/env node
// Thin launcher: the CLI is built into out/main by `npm run build` (run by `npm install` via prepare).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = new URL('../out/main/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('plant-store: the app is not built yet; run `npm run build` in the project folder first.\n')
  process.exit(1)
}
await import(entry.href)
