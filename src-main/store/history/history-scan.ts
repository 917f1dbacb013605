/**
 * Reads one history file's lines for the index (their seq, plant and offset)
 * and checks each (history-line.ts). Damaged lines anywhere in the file are
 * set aside: copied as they are into `history-YYYY-MM.jsonl.damaged-<time>`
 * (never deleted: the owner may want them), and the month's file is replaced
 * by its sound lines, so the rest of the month serves on and the damage is
 * reported once, not found again at every start.
 */
import { readFile } from 'node:fs/promises'
import { openHistoryFile, type DamagedHistoryFile } from './history-files'
import { historyLineProblem } from './history-line'
import { replaceFile } from '#lib/durable-file'

/** The lines of one file: parallel lists, in seq order. */
export interface FileLines {
  file: string
  seqs: number[]
  plantIds: number[]
  offsets: number[]
  /** Bytes of the file covered (end of its last complete line). */
  size: number
}

/** A damaged line: its number (from 1), its bytes (newline included) and what is wrong. */
interface DamagedLine {
  number: number
  start: number
  end: number
  problem: string
}

const SEQ_PREFIX = Buffer.from('{"seq":')
const PLANT_KEY = Buffer.from('"plantId":')

/** The whole number written at `start` in `buffer`, or NaN when none is. */
function numberAt(buffer: Buffer, start: number, end: number): number {
  let value = 0
  let at = start
  for (; at < end; at++) {
    const digit = buffer[at]! - 48
    if (digit < 0 || digit > 9) break
    value = value * 10 + digit
  }
  return at === start ? Number.NaN : value
}

/** Reads one file's sound lines into `lines` and lists its damaged ones. */
async function readLines(file: string): Promise<{ lines: FileLines; damaged: DamagedLine[] }> {
  const lines: FileLines = { file, seqs: [], plantIds: [], offsets: [], size: 0 }
  const damaged: DamagedLine[] = []
  let carry: Buffer = Buffer.alloc(0)
  let base = 0 // file offset of carry[0]
  let number = 0
  const handle = await openHistoryFile(file) // never a link, nor a file another account may have written
  for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const buffer = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk
    let start = 0
    for (let end = buffer.indexOf(10, start); end !== -1; end = buffer.indexOf(10, start)) {
      number++
      const plantAt = buffer.indexOf(PLANT_KEY, start)
      const seq = buffer.subarray(start, start + SEQ_PREFIX.length).equals(SEQ_PREFIX) ? numberAt(buffer, start + SEQ_PREFIX.length, end) : Number.NaN
      const plantId = plantAt !== -1 && plantAt < end ? numberAt(buffer, plantAt + PLANT_KEY.length, end) : Number.NaN
      const problem =
        historyLineProblem(buffer, start, end) ??
        (Number.isNaN(seq) || Number.isNaN(plantId) ? 'it is not a change entry' : undefined) ??
        (seq <= (lines.seqs.at(-1) ?? 0) ? 'its seq is not above the line before it' : undefined)
      if (problem === undefined) {
        lines.seqs.push(seq)
        lines.plantIds.push(plantId)
        lines.offsets.push(base + start)
      } else {
        damaged.push({ number, start: base + start, end: base + end + 1, problem })
      }
      start = end + 1
    }
    lines.size = base + start
    carry = buffer.subarray(start)
    base += start
  }
  return { lines, damaged } // an unterminated last fragment is an append cut short: the next append cuts it off
}

/** "line 5: it does not match its checksum", or "3 lines from line 5 are damaged (line 5: it is not JSON)". */
function describeDamage(damaged: readonly DamagedLine[]): string {
  const first = `line ${damaged[0]!.number}: ${damaged[0]!.problem}`
  return damaged.length === 1 ? first : `${damaged.length} lines from line ${damaged[0]!.number} are damaged (${first})`
}

/**
 * Sets the damaged lines of `file` aside: their bytes into a `.damaged-<time>` file, then the file replaced by
 * the rest (each step durable; a crash between them only sets the same lines aside again, under another name).
 */
async function setLinesAside(file: string, size: number, damaged: readonly DamagedLine[], now: Date): Promise<DamagedHistoryFile> {
  const text = (await readFile(file)).subarray(0, size) // an unterminated last fragment goes: the next append cuts it off anyway
  const keptAs = `${file}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`
  await replaceFile(keptAs, Buffer.concat(damaged.map((line) => text.subarray(line.start, line.end))))
  const sound: Buffer[] = []
  let from = 0
  for (const line of damaged) {
    sound.push(text.subarray(from, line.start))
    from = line.end
  }
  sound.push(text.subarray(from))
  await replaceFile(file, Buffer.concat(sound))
  const problem = describeDamage(damaged)
  console.warn(
    `[plant-store] the history file ${file} is damaged (${problem}); the damaged lines were kept aside as ${keptAs} and the rest serves on`
  )
  return { file, keptAs, problem, lines: damaged.length }
}

/**
 * The sound lines of `file`; damaged lines are set aside first and reported in `damaged`. Throws (the whole file
 * is then the caller's to set aside) only when the file cannot be opened or trusted.
 */
export async function scanHistoryFile(file: string, damaged: DamagedHistoryFile[], now = new Date()): Promise<FileLines> {
  const first = await readLines(file)
  if (first.damaged.length === 0) return first.lines
  damaged.push(await setLinesAside(file, first.lines.size, first.damaged, now))
  return (await readLines(file)).lines
}
