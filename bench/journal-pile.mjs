#!/usr/bin/env node
/**
 * `node bench/journal-pile.mjs`: the journal-pile start-up figures alone
 * (also part of `npm run bench`), on the build in out/ (or --app DIR).
 *   options: --plants N  --journals N  --rounds N  --app DIR
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { journalPileTable, measureJournalPile } from './lib/journal-pile.mjs'

const { values: args } = parseArgs({
  options: { plants: { type: 'string' }, journals: { type: 'string' }, rounds: { type: 'string' }, app: { type: 'string' } }
})
const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-pile-'))
try {
  const pile = await measureJournalPile({
    dir,
    appDir: args.app ? path.resolve(args.app) : path.resolve(import.meta.dirname, '..'),
    token: 'journal-pile-bench-token-0123456789abcdef',
    rounds: Number(args.rounds ?? 3),
    plants: Number(args.plants ?? 50_000),
    journals: Number(args.journals ?? 2000),
    log: (line) => process.stderr.write(line + '\n')
  })
  process.stdout.write(journalPileTable(pile) + '\n')
} finally {
  await rm(dir, { recursive: true, force: true })
}
