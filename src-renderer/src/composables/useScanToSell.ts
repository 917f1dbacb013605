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

/** The fewest keys before Enter that only a scanner types within {@link SCAN_MAX_GAP_MS} of each other. */
const MIN_BURST_LENGTH = 4

export interface ScannedCode {
  code: string
  id: number
}

/** Collects keys that arrive close together; Enter right after a burst that spells a code returns that code. */
export class ScanDetector {
  #buffer = ''
  #last = -Infinity
  #endedBurst = false

  constructor(readonly maxGapMs = SCAN_MAX_GAP_MS) {}

  /** True when a key at `at` would start a new burst rather than continue one (the first key of a possible scan). */
  startsBurst(at: number): boolean {
    return this.#buffer === '' || at - this.#last > this.maxGapMs
  }

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
      this.#endedBurst = code.length >= MIN_BURST_LENGTH
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

  /** True when the last Enter ended a burst of any code (a label's, or a product's EAN): a scanner's, not a person's. */
  get endedBurst(): boolean {
    return this.#endedBurst
  }

  reset(): void {
    this.#endedBurst = false
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

/** A field the burst would type into. A select is not one: a scanner never means to pick from it (see {@link TypedKeys}). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type)
  return target.isContentEditable || target.tagName === 'TEXTAREA'
}

type ValueField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/**
 * What a burst's keys did to the focused field before its Enter showed it was a scan: a select's type-ahead moved
 * its choice (`P` picks Pending, `S` Sold), a dialog's text field took `PS-12`. Remembers the field's value at the
 * burst's first key and puts it back, telling the field's listeners (v-model, the status badge) as the browser would.
 */
export class TypedKeys {
  #field: ValueField | undefined
  #value = ''

  /** Called for every key before the detector sees it: the first key of a burst remembers the focused field's value. */
  note(target: EventTarget | null, startsBurst: boolean): void {
    if (!startsBurst) return
    const field = target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
    this.#field = field ? (target as ValueField) : undefined
    this.#value = this.#field?.value ?? ''
  }

  /** Puts the remembered field back as it was before the scan. */
  putBack(): void {
    const field = this.#field
    this.#field = undefined
    if (!field || field.value === this.#value) return
    field.value = this.#value
    field.dispatchEvent(new Event('input', { bubbles: true }))
    field.dispatchEvent(new Event('change', { bubbles: true }))
  }
}

export interface ScanToSell {
  /** Called with each scanned (or typed-and-entered) code. */
  open(scanned: ScannedCode, source: 'scanner' | 'search'): void
  /**
   * True while a dialog other than the till card is open: a scan (of any code) is then ignored. Its Enter never reaches the dialog
   * (so it presses no focused button and saves no form) and what its keys typed into a field is put back.
   */
  blocked(): boolean
  /** True while another listener takes the scans (the Stock view's Plant field): this one leaves every key alone. */
  handledElsewhere?(): boolean
}

/** A scan's Enter is the page's no more: no button press, no form submit, no listener below the window. */
function swallow(event: KeyboardEvent): void {
  event.preventDefault()
  event.stopPropagation()
}

/**
 * Handles one keydown; returns true when it completed a code. A burst counts while no text field has focus (a
 * select included: its type-ahead is put back), or in the search box; a code typed into the search box counts on
 * Enter at any speed. While a dialog blocks scans, a completed one is swallowed and undone. Exported for tests.
 */
export function handleScanKey(event: KeyboardEvent, detector: ScanDetector, handlers: ScanToSell, typed = new TypedKeys()): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || handlers.handledElsewhere?.()) {
    detector.reset()
    return false
  }
  typed.note(event.target, detector.startsBurst(event.timeStamp))
  const scanned = detector.key(event.key, event.timeStamp)
  if (handlers.blocked()) {
    if (event.key === 'Enter' && detector.endedBurst) {
      swallow(event)
      typed.putBack()
    }
    return false
  }
  const inSearch = event.target instanceof HTMLInputElement && event.target.type === 'search'
  if (isTextField(event.target) && !inSearch) return false
  const found = scanned ?? (event.key === 'Enter' ? codeInSearch(event.target) : undefined)
  if (!found) return false
  swallow(event)
  if (inSearch) {
    const input = event.target as HTMLInputElement
    input.value = ''
    input.dispatchEvent(new Event('input'))
  } else typed.putBack()
  handlers.open(found, scanned ? 'scanner' : 'search')
  return true
}

/** Listens for scans on the window (capture phase, before the page's own keys) while the calling component lives. */
export function useScanToSell(handlers: ScanToSell): void {
  const detector = new ScanDetector()
  const typed = new TypedKeys()
  const onKeydown = (event: KeyboardEvent) => void handleScanKey(event, detector, handlers, typed)
  onMounted(() => window.addEventListener('keydown', onKeydown, true))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown, true))
}
