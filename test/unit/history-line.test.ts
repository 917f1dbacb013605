import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '#store/history/history-entry'
import { entryOfLine, historyLine, historyLineProblem } from '#store/history/history-line'
import { HistoryWriter } from '#store/history/history-writer'
import { makeTempDir } from '#setup/temp-dir'

const entry = (seq: number): HistoryEntry => ({
  seq,
  type: 'plant.updated',
  plantId: 7,
  at: '2026-10-10T10:00:00.000Z',
  by: 'ui',
  changes: { name: { from: 'Olive', to: 'Olivé' } }
})

function problemOf(line: string): string | undefined {
  const buffer = Buffer.from(line)
  return historyLineProblem(buffer, 0, buffer.length)
}

describe('a history line', () => {
  it('carries a checksum of its entry and gives the entry back without it', () => {
    const line = historyLine(entry(1))
    expect(line).toMatch(/^\{"seq":1,.*,"crc":"[0-9a-f]{8}"\}\n$/)
    expect(problemOf(line.slice(0, -1))).toBeUndefined()
    expect(entryOfLine(line.slice(0, -1))).toEqual(entry(1))
  })

  it('is found damaged whichever one character changed', () => {
    const line = historyLine(entry(1)).slice(0, -1)
    for (let at = 0; at < line.length; at++) {
      const changed = line.slice(0, at) + (line[at] === 'x' ? 'y' : 'x') + line.slice(at + 1)
      expect(problemOf(changed), changed).toBeDefined()
    }
  })

  it('written before checksums reads when it is a whole entry, and is damaged when it is not', () => {
    expect(problemOf(JSON.stringify(entry(1)))).toBeUndefined()
    expect(problemOf(JSON.stringify(entry(1)).slice(0, -3))).toBe('it is not JSON')
    expect(problemOf(JSON.stringify({ ...entry(1), type: 'plant.eaten' }))).toMatch(/is not a change type/)
  })
})

describe('an append after a damaged last line', () => {
  it('sets that line aside, keeps the lines before it and appends after them', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'history-2026-10.jsonl')
    await writeFile(file, historyLine(entry(1)) + historyLine(entry(2)).replace('Olive', 'Olivf'), { mode: 0o600 })
    const writer = new HistoryWriter(dir)
    await writer.append([entry(3)])
    expect(writer.damaged).toEqual([
      { file, keptAs: expect.stringContaining('.damaged-'), problem: 'line 2: it does not match its checksum', lines: 1 }
    ])
    expect((await readFile(file, 'utf8')).split('\n').map((line) => line.slice(0, 8))).toEqual(['{"seq":1', '{"seq":3', ''])
    expect(await readFile(writer.damaged[0]!.keptAs, 'utf8')).toContain('Olivf')
  })

  it('cuts off an unfinished last fragment (an append cut short) without calling it damage', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'history-2026-10.jsonl')
    await writeFile(file, historyLine(entry(1)) + historyLine(entry(2)).slice(0, 40), { mode: 0o600 })
    const writer = new HistoryWriter(dir)
    await writer.append([entry(2)])
    expect(writer.damaged).toEqual([])
    expect(await readFile(file, 'utf8')).toBe(historyLine(entry(1)) + historyLine(entry(2)))
  })
})
