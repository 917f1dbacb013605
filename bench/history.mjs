#!/usr/bin/env node
/**
 * `node bench/history.mjs`: the change log's figures alone (also part of
 * `npm run bench`), on the build in out/ (or --app DIR).
 *   options: --plants N  --lines N  --rounds N  --app DIR
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { historyTable, measureHistory } from './lib/history.mjs'

const { values: args } = parseArgs({
  options: { plants: { type: 'string' }, lines: { type: 'string' }, rounds: { type: 'string' }, app: { type: 'string' } }
})
const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-history-'))
try {
  const history = await measureHistory({
    dir,
    appDir: args.app ? path.resolve(args.app) : path.resolve(import.meta.dirname, '..'),
    token: 'history-bench-token-0123456789abcdef01234',
    rounds: Number(args.rounds ?? 3),
    plants: Number(args.plants ?? 10_000),
    lines: Number(args.lines ?? 1_000_000),
    log: (line) => process.stderr.write(line + '\n')
  })
  process.stdout.write(historyTable(history) + '\n')
} finally {
  await rm(dir, { recursive: true, force: true })
}
