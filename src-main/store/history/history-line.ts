/**
 * One line of a history file: the entry's JSON with a CRC-32 of that JSON as
 * its last member, `{"seq":7,…,"crc":"1c291ca3"}`. The line stays one JSON
 * object (jq and a text editor read it as before), and a line changed on disk
 * after it was written (bit rot, a block of zeros, an edit) no longer matches
 * its sum, wherever it sits in the file. Lines written before the sum existed
 * carry none: they are checked whole instead (JSON and the entry's shape).
 */
import { crc32 } from 'node:zlib'
import { historyEntryProblem, type HistoryEntry } from './history-entry'
import { jsonOnce } from '#store/journal/record-json'

const SUM_KEY = ',"crc":"'
/** `,"crc":"` + 8 hex digits + `"}`: the fixed tail of a summed line. */
const TAIL_LENGTH = SUM_KEY.length + 8 + 2
const QUOTE = 0x22
const COMMA = 0x2c
const COLON = 0x3a
const CLOSE = 0x7d

function hex(sum: number): string {
  return sum.toString(16).padStart(8, '0')
}

/** The text of `entry`'s line, its newline included; the sum covers the JSON up to where the sum goes. */
export function historyLine(entry: HistoryEntry): string {
  const json = jsonOnce(entry).slice(0, -1) // the text its journal line held (record-json.ts), without its `}`
  return `${json}${SUM_KEY}${hex(crc32(json))}"}\n`
}

/**
 * True when the line ending at `end` has the shape of a summed line's tail, whatever its bytes became: `,"???":"`,
 * eight characters, `"}` (a changed letter of `crc` must not pass as a line written before sums).
 */
function hasSumTail(buffer: Buffer, start: number, end: number): boolean {
  const tail = end - TAIL_LENGTH
  return (
    tail > start &&
    buffer[tail] === COMMA &&
    buffer[tail + 1] === QUOTE &&
    buffer[tail + 5] === QUOTE &&
    buffer[tail + 6] === COLON &&
    buffer[tail + 7] === QUOTE &&
    buffer[end - 2] === QUOTE &&
    buffer[end - 1] === CLOSE
  )
}

/** The sum written in a summed line's tail, or NaN when its key is not `crc` or its digits are not lower-case hex. */
function writtenSum(buffer: Buffer, end: number): number {
  const tail = end - TAIL_LENGTH
  if (buffer[tail + 2] !== 0x63 || buffer[tail + 3] !== 0x72 || buffer[tail + 4] !== 0x63) return Number.NaN // "crc"
  let sum = 0
  for (let at = tail + SUM_KEY.length; at < end - 2; at++) {
    const byte = buffer[at]!
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1
    if (digit < 0) return Number.NaN
    sum = sum * 16 + digit
  }
  return sum
}

/**
 * What is wrong with the line `buffer[start, end)` (its newline excluded), or undefined when it is a sound entry:
 * a summed line must match its sum; a line without one must be a whole entry.
 */
export function historyLineProblem(buffer: Buffer, start: number, end: number): string | undefined {
  if (hasSumTail(buffer, start, end)) {
    return writtenSum(buffer, end) === crc32(buffer.subarray(start, end - TAIL_LENGTH)) ? undefined : 'it does not match its checksum'
  }
  try {
    return historyEntryProblem(JSON.parse(buffer.toString('utf8', start, end)), 'it')
  } catch {
    return 'it is not JSON'
  }
}

/** The entry a sound line holds (its sum left out). */
export function entryOfLine(line: string): HistoryEntry {
  const entry = JSON.parse(line) as HistoryEntry & { crc?: string }
  delete entry.crc
  return entry
}
