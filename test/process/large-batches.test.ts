/**
 * A 200,000-row import is one batch: one journal line with 200,000 change-log entries. Every step that takes such
 * a batch whole must cope: the checkpoint's append to the history file, a restore carrying a journal's entries
 * over, and the CLI's table of every plant. A spread of one of these arrays into a call (`push(...entries)`) put
 * each element on the stack and threw RangeError ("Maximum call stack size exceeded").
 *
 * In the process project on purpose: its forks run on a process's main thread with Node's own stack (about 1 MB),
 * as the server and the CLI do. The worker threads of the unit and api projects have 4 MB and hide the overflow.
 */
import { copyFile, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { printTable } from '#cli/output/table'
import { restoreFromBackup } from '#store/backups/restore'
import { ShopStore } from '#store/shop-store'
import { listHistoryFiles } from '#store/history/history-files'
import { makeTempDir } from '#setup/temp-dir'
import { CLI_ACTOR } from '#store'

const ROWS = 200_000

/** The seqs of the history files in `dir`, in file order. */
async function seqsOnDisk(dir: string): Promise<number[]> {
  const seqs: number[] = []
  for (const { file } of await listHistoryFiles(dir)) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) if (line !== '') seqs.push((JSON.parse(line) as { seq: number }).seq)
  }
  return seqs
}

describe('a batch of 200,000 plants (one import)', () => {
  it('is appended to the history file at a checkpoint, and carried into the change log by a restore over its journal', async () => {
    const dir = await makeTempDir()
    const store = await ShopStore.open({ dir, checkpointIdleMs: 600_000 })
    const backup = path.join(await makeTempDir(), 'before.json')
    await copyFile(path.join(dir, 'plants.json'), backup)
    await store.applyBatch({ adds: Array.from({ length: ROWS }, (_, i) => ({ name: `Plant ${i}` })), updates: [] }, CLI_ACTOR)
    // The folder as a kill -9 would leave it: the batch in the journal only. A restore there carries its entries over.
    const copy = await makeTempDir()
    for (const name of await readdir(dir))
      if (/^(plants\.json|journal-\d+\.jsonl)$/.test(name)) await copyFile(path.join(dir, name), path.join(copy, name))
    await restoreFromBackup(copy, backup)
    expect(await seqsOnDisk(copy)).toHaveLength(ROWS)

    await store.checkpoint()
    const seqs = await seqsOnDisk(dir)
    expect(seqs).toHaveLength(ROWS)
    expect(seqs.every((seq, i) => seq === i + 1)).toBe(true)
    await store.close()
  })

  it('is printed as one table by the CLI (each column as wide as its widest cell)', () => {
    const lines: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => lines.push(String(text)) > 0)
    try {
      printTable([['ID', 'NAME'], ...Array.from({ length: ROWS }, (_, i) => [String(i + 1), `Plant ${i}`])])
    } finally {
      vi.restoreAllMocks()
    }
    expect(lines).toHaveLength(ROWS + 1)
    expect(lines.at(-1)).toBe(`${ROWS}  Plant ${ROWS - 1}\n`)
    expect(lines[0]).toBe('ID      NAME\n')
  })
})
