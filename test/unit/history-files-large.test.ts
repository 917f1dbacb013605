import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '#store/history/history-entry'
import { HistoryWriter } from '#store/history/history-writer'
import { makeTempDir } from '#setup/temp-dir'

describe('the history files', () => {
  it('take the entries of a 200,000-row import in one append (a spread of that many arguments overflowed the stack)', async () => {
    const dir = await makeTempDir()
    const at = '2026-03-01T10:00:00.000Z'
    const entries: HistoryEntry[] = Array.from({ length: 200_000 }, (_, i) => ({
      seq: i + 1,
      type: 'plant.deleted',
      plantId: i + 1,
      at,
      by: 'import'
    }))
    const lines = await new HistoryWriter(dir).append(entries)
    expect(lines).toHaveLength(200_000)
    expect(lines.at(-1)!.entry.seq).toBe(200_000)
    const text = await readFile(path.join(dir, 'history-2026-03.jsonl'), 'utf8')
    expect(text.split('\n')).toHaveLength(200_001)
  })
})
