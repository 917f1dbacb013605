/**
 * Scan to sell: a barcode scanner is a keyboard that types a label's code
 * (`PS-123`) and Enter within a few milliseconds. {@link ScanDetector} tells
 * such a burst from a person typing; {@link useScanToSell} listens on the
 * window and hands each scanned code on. In the search box a code followed by
 * Enter counts too, however slowly it was typed (see {@link codeInSearch}).
 */
import { onBeforeUnmount, onMounted } from 'vue'

/** A label's code: `PS-` and the plant's id (ids are never reused). */
const CODE = /^PS-([1-9][0-9]{0,14})$/i

/** The plant id a label code names, or undefined: `PS-123` → 123, `ps-7` → 7. */
export function plantIdOfCode(text: string): number | undefined {
  const match = CODE.exec(text.trim())
  return match ? Number(match[1]) : undefined
}

/** The code a plant's label carries. */
export function codeOf(id: number): string {
  return `PS-${id}`
}

/**
 * The longest pause between two keys of one burst. Scanners send a key every
 * 1–10 ms; even a fast typist needs 60 ms or more between keys, and a whole
 * code typed that fast is rarer still.
 */
export const SCAN_MAX_GAP_MS = 40

export interface ScannedCode {
  code: string
  id: number
}

/** Collects keys that arrive close together; Enter right after a burst that spells a code returns that code. */
export class ScanDetector {
  #buffer = ''
  #last = -Infinity

  constructor(readonly maxGapMs = SCAN_MAX_GAP_MS) {}

  /**
   * Feeds one key (`event.key`) pressed at `at` ms. Returns the scanned code
   * on the Enter that ends a burst, else undefined. Modifier keys (Shift for
   * the capitals) are ignored; any other key starts a new burst.
   */
  key(key: string, at: number): ScannedCode | undefined {
    if (key === 'Shift') return undefined
    const inBurst = at - this.#last <= this.maxGapMs
    this.#last = at
    if (key === 'Enter') {
      const code = inBurst ? this.#buffer : ''
      this.#buffer = ''
      const id = plantIdOfCode(code)
      return id === undefined ? undefined : { code: codeOf(id), id }
    }
    if (key.length !== 1) {
      this.#buffer = ''
      return undefined
    }
    this.#buffer = inBurst ? this.#buffer + key : key
    return undefined
  }

  reset(): void {
    this.#buffer = ''
    this.#last = -Infinity
  }
}

/** The code in the search box when Enter is pressed there, if the whole text is one. */
export function codeInSearch(target: EventTarget | null): ScannedCode | undefined {
  if (!(target instanceof HTMLInputElement) || target.type !== 'search') return undefined
  const id = plantIdOfCode(target.value)
  return id === undefined ? undefined : { code: codeOf(id), id }
}

/** Inputs that take no text: a burst there types nothing, so it may be a scan. */
const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'])

/** A field the burst would type into (a select counts: its type-ahead would change its value). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type)
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName)
}

export interface ScanToSell {
  /** Called with each scanned (or typed-and-entered) code. */
  open(scanned: ScannedCode, source: 'scanner' | 'search'): void
  /** True while a dialog other than the till card owns the keyboard. */
  blocked(): boolean
}

/**
 * Handles one keydown; returns true when it completed a code. A burst counts
 * while no text field has focus, or in the search box; a code typed into the
 * search box counts on Enter at any speed. Exported for tests.
 */
export function handleScanKey(event: KeyboardEvent, detector: ScanDetector, handlers: ScanToSell): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) {
    detector.reset()
    return false
  }
  const scanned = detector.key(event.key, event.timeStamp)
  if (handlers.blocked()) return false
  const inSearch = event.target instanceof HTMLInputElement && event.target.type === 'search'
  if (isTextField(event.target) && !inSearch) return false
  const found = scanned ?? (event.key === 'Enter' ? codeInSearch(event.target) : undefined)
  if (!found) return false
  event.preventDefault()
  if (inSearch) {
    const input = event.target as HTMLInputElement
    input.value = ''
    input.dispatchEvent(new Event('input'))
  }
  handlers.open(found, scanned ? 'scanner' : 'search')
  return true
}

/** Listens for scans on the window (capture phase, before the page's own keys) while the calling component lives. */
export function useScanToSell(handlers: ScanToSell): void {
  const detector = new ScanDetector()
  const onKeydown = (event: KeyboardEvent) => void handleScanKey(event, detector, handlers)
  onMounted(() => window.addEventListener('keydown', onKeydown, true))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown, true))
}
