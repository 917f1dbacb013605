/**
 * A page of one plant's history is found by position: it reads the lines of that page and looks at a few index
 * positions per entry, however many changes the plant and the log hold.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '#store/history/history-entry'
import { HISTORY_FILE_READER, type FileLines, type HistoryLineReader } from '#store/history/history-index'
import { HistoryLog } from '#store/history/history-log'
import type { PlantHistoryQuery } from '#store/history/history-page'
import { makeTempDir } from '#setup/temp-dir'

const BUSY_PLANT = 7

/** The entry of `seq`: every other change is the busy plant's, the rest spread over 500 others. */
function entryOf(seq: number): HistoryEntry {
  const plantId = seq % 2 === 0 ? BUSY_PLANT : 1000 + (seq % 500)
  const at = `2026-0${seq <= 40_000 ? 1 : 2}-15T10:00:00.000Z`
  return { seq, type: 'plant.updated', plantId, at, by: 'ui', changes: { status: { from: 'available', to: 'pending' } } }
}

/** Writes entries `from`..`to` as one month's history file. */
async function writeMonth(dir: string, month: string, from: number, to: number): Promise<void> {
  const lines: string[] = []
  for (let seq = from; seq <= to; seq++) lines.push(JSON.stringify(entryOf(seq)))
  await writeFile(path.join(dir, `history-${month}.jsonl`), lines.join('\n') + '\n', { mode: 0o600 })
}

/** Reads the files, counting the index positions looked at and the lines read. */
function countingReader(): HistoryLineReader & { positions: number; linesRead: number } {
  const counted = <T extends object>(list: T): T =>
    new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reader.positions++
        return Reflect.get(target, key, receiver) as unknown
      }
    })
  const reader = {
    positions: 0,
    linesRead: 0,
    async scan(file: string, damaged: Parameters<HistoryLineReader['scan']>[1]): Promise<FileLines> {
      const lines = await HISTORY_FILE_READER.scan(file, damaged)
      return { ...lines, seqs: counted(lines.seqs), plantIds: counted(lines.plantIds), offsets: counted(lines.offsets) }
    },
    async read(refs: Parameters<HistoryLineReader['read']>[0]) {
      reader.linesRead += refs.length
      return HISTORY_FILE_READER.read(refs)
    }
  }
  return reader
}

/** The seqs of the busy plant's page, worked out from the whole list. */
function expectedPage(all: number[], query: PlantHistoryQuery): { seqs: number[]; next: number | null } {
  if (query.after !== undefined) {
    const later = all.filter((seq) => seq > query.after!)
    const seqs = later.slice(0, query.limit)
    return { seqs, next: later.length > query.limit ? seqs.at(-1)! : null }
  }
  const earlier = query.before === undefined ? all : all.filter((seq) => seq < query.before!)
  const seqs = earlier.slice(Math.max(0, earlier.length - query.limit))
  return { seqs, next: earlier.length > query.limit ? seqs[0]! : null }
}

describe('one plant’s history pages', () => {
  it('cost the page, not the plant’s 30,000 changes nor the log’s 60,000 lines', async () => {
    const dir = await makeTempDir()
    await writeMonth(dir, '2026-01', 1, 40_000)
    await writeMonth(dir, '2026-02', 40_001, 60_000)
    const reader = countingReader()
    const log = new HistoryLog(dir, { nextSeq: 60_001 }, [], reader)
    await log.ofPlant(BUSY_PLANT, { limit: 1 }) // the first query builds the index: one pass over every line, once
    const all = Array.from({ length: 30_000 }, (_, index) => 2 * (index + 1))
    for (const query of [{ limit: 50 }, { limit: 50, before: 30_001 }, { limit: 50, after: 39_990 }, { limit: 50, after: 0 }]) {
      reader.positions = 0
      reader.linesRead = 0
      const page = await log.ofPlant(BUSY_PLANT, query)
      expect({ seqs: page.entries.map((entry) => entry.seq), next: page.next }).toEqual(expectedPage(all, query))
      expect(reader.linesRead).toBe(50)
      // A binary search per entry over 60,000 lines looks at about 16 positions; a scan looks at 60,000.
      expect(reader.positions, JSON.stringify(query)).toBeLessThanOrEqual(50 * 40)
    }
    reader.positions = 0
    expect(await log.knows(BUSY_PLANT)).toBe(true)
    expect(reader.positions).toBe(0)
  })

  it('page across the files and the changes still in memory as one list', async () => {
    const dir = await makeTempDir()
    await writeMonth(dir, '2026-01', 1, 400)
    const memory = Array.from({ length: 40 }, (_, index) => entryOf(401 + index))
    const log = new HistoryLog(dir, { nextSeq: 441 }, [{ gen: 3, entries: memory }])
    const all = Array.from({ length: 220 }, (_, index) => 2 * (index + 1))
    const queries: PlantHistoryQuery[] = [
      { limit: 50 },
      { limit: 15 },
      { limit: 30, before: 410 },
      { limit: 30, before: 2 },
      { limit: 10, after: 395 },
      { limit: 10, after: 420 },
      { limit: 1000, after: 0 },
      { limit: 5, after: 440 }
    ]
    for (const query of queries) {
      const page = await log.ofPlant(BUSY_PLANT, query)
      expect({ seqs: page.entries.map((entry) => entry.seq), next: page.next }, JSON.stringify(query)).toEqual(expectedPage(all, query))
    }
  })
})
