/**
 * Lines taken below zero by sales made offline at a till (GET /v3/stock/below-zero): the main computer never
 * refuses those sales for stock, so the owner is told, calmly, which lines to count. Read at the start and again
 * whenever the catalogue is read again (a change event, a count); a count clears a line, a status a single plant.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Plant } from '#shared/plant'
import { countOf } from '#shared/words'
import { api } from '#renderer/api'

/** Names in a sentence: "door", "door and till-2", "door, till-2 and till-3". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`
}

/** What clears the flag of `line`: a count, or for a single plant (no quantity) sold twice its status, as there is nothing to count. */
export const clearedByStatus = (line: Plant): boolean => line.quantity === undefined

/** What the owner is asked to do about `lines`: count them, set the single plants' status, or both. */
function askedTo(lines: readonly Plant[]): string {
  const them = lines.length === 1 ? 'it' : 'them'
  if (lines.every(clearedByStatus)) return `set ${lines.length === 1 ? 'its' : 'their'} status`
  return lines.some(clearedByStatus) ? `count ${them}, or set a single plant's status` : `count ${them}`
}

/**
 * The notice over `lines`: "2 lines went below zero through sales made offline at till-2 — count them"; undefined
 * when none did.
 */
export function belowZeroNotice(lines: readonly Plant[]): string | undefined {
  if (lines.length === 0) return undefined
  const tills = [...new Set(lines.map((line) => line.belowZero?.till).filter((till): till is string => till !== undefined))]
  const went = lines.length === 1 ? '1 line went' : `${countOf(lines.length, 'line')} went`
  return `${went} below zero through sales made offline at ${listed(tills)} — ${askedTo(lines)}`
}

export const useBelowZeroStore = defineStore('below-zero', () => {
  const lines = ref<Plant[]>([])

  /** Reads the lines again; a failed read keeps what was shown (the connection banner tells why). */
  async function load(): Promise<void> {
    try {
      lines.value = (await api().belowZero()).lines
    } catch {
      // Kept as it was: the next read tries again.
    }
  }

  return { lines, load }
})
