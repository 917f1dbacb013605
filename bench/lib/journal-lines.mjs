/** Counting a data folder's journal lines: each saved batch is one line and one fsync (src-main/store/journal/journal.ts). */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** Lines of each journal file in the data folder: each saved batch is one line and one fsync. */
export async function journalLines(dataDir) {
  const lines = new Map()
  for (const name of await readdir(dataDir)) {
    if (!/^journal-\d+\.jsonl$/.test(name)) continue
    // A checkpoint may delete a journal meanwhile: its lines were counted before, or are in plants.json now.
    const text = await readFile(path.join(dataDir, name), 'utf8').catch(() => '')
    lines.set(name, text.split('\n').filter((line) => line !== '' && !line.startsWith('{"cut"')).length)
  }
  return lines
}

/** Lines appended between two counts (a journal folded meanwhile is gone from `after`; a new one counts whole). */
export function linesAdded(before, after) {
  let added = 0
  for (const [name, count] of after) added += count - (before.get(name) ?? 0)
  return added
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
