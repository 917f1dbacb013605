// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { ScanDetector, TypedKeys, codeOf, handleScanKey, plantIdOfCode, type ScanToSell } from '#renderer/composables/useScanToSell'

/** Feeds `text` one key every `gapMs` from `start`, then Enter after `gapMs`; returns what Enter gave. */
function type(detector: ScanDetector, text: string, gapMs: number, start = 1000) {
  let at = start
  for (const key of text) {
    if (key !== key.toLowerCase()) detector.key('Shift', at)
    expect(detector.key(key, at)).toBeUndefined()
    at += gapMs
  }
  return detector.key('Enter', at)
}

describe('label codes', () => {
  it('reads PS-<id> in either case and writes it back', () => {
    expect(plantIdOfCode('PS-123')).toBe(123)
    expect(plantIdOfCode(' ps-7 ')).toBe(7)
    expect(codeOf(42)).toBe('PS-42')
    for (const text of ['PS-', 'PS-0', 'PS-01', 'PS-12a', 'XPS-1', 'PS 1', '123', 'PS-1234567890123456']) expect(plantIdOfCode(text)).toBeUndefined()
  })
})

describe('the scan detector', () => {
  it('returns the code on the Enter that ends a burst of keys a few ms apart', () => {
    expect(type(new ScanDetector(), 'PS-123', 3)).toEqual({ code: 'PS-123', id: 123 })
  })

  it('ignores the same code typed at a person’s pace', () => {
    expect(type(new ScanDetector(), 'PS-123', 120)).toBeUndefined()
  })

  it('takes only the burst: slow keys before it are dropped, a pause before Enter ends it', () => {
    const detector = new ScanDetector()
    detector.key('x', 0)
    detector.key('y', 500)
    expect(type(detector, 'PS-9', 2, 900)).toEqual({ code: 'PS-9', id: 9 })
    const late = new ScanDetector()
    for (const [index, key] of [...'PS-9'].entries()) late.key(key, 100 + index * 2)
    expect(late.key('Enter', 400)).toBeUndefined()
  })

  it('returns nothing for a burst that is not a code, and a named key breaks a burst', () => {
    expect(type(new ScanDetector(), 'hello', 2)).toBeUndefined()
    const detector = new ScanDetector()
    detector.key('P', 0)
    detector.key('S', 2)
    detector.key('ArrowDown', 4)
    detector.key('-', 6)
    detector.key('1', 8)
    expect(detector.key('Enter', 10)).toBeUndefined()
  })

  it('starts afresh after each Enter', () => {
    const detector = new ScanDetector()
    expect(type(detector, 'PS-1', 2, 0)).toEqual({ code: 'PS-1', id: 1 })
    expect(type(detector, 'PS-2', 2, 1000)).toEqual({ code: 'PS-2', id: 2 })
    expect(detector.key('Enter', 1011)).toBeUndefined()
  })
})

describe('handling keys on the page', () => {
  function keydown(target: HTMLElement, key: string, timeStamp: number): KeyboardEvent {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    Object.defineProperty(event, 'timeStamp', { value: timeStamp })
    Object.defineProperty(event, 'target', { value: target })
    return event
  }

  function press(target: HTMLElement, key: string, timeStamp: number, detector: ScanDetector, handlers: ScanToSell) {
    const event = keydown(target, key, timeStamp)
    return { handled: handleScanKey(event, detector, handlers), event }
  }

  function burst(target: HTMLElement, text: string, handlers: ScanToSell, gapMs = 2) {
    const detector = new ScanDetector()
    let at = 100
    for (const key of text) press(target, key, (at += gapMs), detector, handlers)
    return press(target, 'Enter', at + gapMs, detector, handlers)
  }

  const handlers = (blocked = false) => ({ open: vi.fn(), blocked: () => blocked })

  it('opens the code of a burst while no text field has focus, and takes the Enter', () => {
    const h = handlers()
    const { handled, event } = burst(document.body, 'PS-5', h)
    expect(handled).toBe(true)
    expect(event.defaultPrevented).toBe(true)
    expect(h.open).toHaveBeenCalledWith({ code: 'PS-5', id: 5 }, 'scanner')
  })

  it('leaves a burst alone in a text field other than the search box, or while another dialog is open', () => {
    const input = document.createElement('input')
    const h = handlers()
    expect(burst(input, 'PS-5', h).handled).toBe(false)
    const blocked = handlers(true)
    expect(burst(document.body, 'PS-5', blocked).handled).toBe(false)
    expect(h.open).not.toHaveBeenCalled()
    expect(blocked.open).not.toHaveBeenCalled()
  })

  it("in a dialog, takes a scan's Enter away from the focused button and puts back what it typed into a field", () => {
    const blocked = handlers(true)
    const save = document.createElement('button')
    const saved = burst(save, 'PS-5', blocked)
    expect(saved.handled).toBe(false)
    expect(saved.event.defaultPrevented).toBe(true)
    expect(burst(save, '4006381333931', blocked).event.defaultPrevented).toBe(true) // a product's barcode is a scan too
    expect(burst(save, 'ok', blocked).event.defaultPrevented).toBe(false) // two quick keys and Enter: a person

    const name = document.createElement('input')
    name.value = 'Fern'
    const onInput = vi.fn()
    name.addEventListener('input', onInput)
    const detector = new ScanDetector()
    const typed = new TypedKeys()
    let at = 100
    for (const key of 'PS-5') {
      const event = keydown(name, key, (at += 2))
      handleScanKey(event, detector, blocked, typed)
      name.value += key // what the browser then types
    }
    const enter = keydown(name, 'Enter', at + 2)
    expect(handleScanKey(enter, detector, blocked, typed)).toBe(false)
    expect(enter.defaultPrevented).toBe(true)
    expect(name.value).toBe('Fern')
    expect(onInput).toHaveBeenCalled()
    expect(blocked.open).not.toHaveBeenCalled()
  })

  it("on a select, opens the scanned code and puts back the choice the code's letters picked", () => {
    const select = document.createElement('select')
    select.innerHTML = '<option value="available">Available</option><option value="pending">Pending</option><option value="sold">Sold</option>'
    const onChange = vi.fn()
    select.addEventListener('change', onChange)
    const h = handlers()
    const detector = new ScanDetector()
    const typed = new TypedKeys()
    let at = 100
    for (const key of 'PS-5') {
      handleScanKey(keydown(select, key, (at += 2)), detector, h, typed)
      if (key === 'P') select.value = 'pending' // the browser's type-ahead
      if (key === 'S') select.value = 'sold'
    }
    expect(handleScanKey(keydown(select, 'Enter', at + 2), detector, h, typed)).toBe(true)
    expect(h.open).toHaveBeenCalledWith({ code: 'PS-5', id: 5 }, 'scanner')
    expect(select.value).toBe('available')
    expect(onChange).toHaveBeenCalled()
  })

  it('leaves every key alone while another listener takes the scans (the Stock view)', () => {
    const h = { ...handlers(), handledElsewhere: () => true }
    const { handled, event } = burst(document.body, 'PS-5', h)
    expect(handled).toBe(false)
    expect(event.defaultPrevented).toBe(false)
    expect(h.open).not.toHaveBeenCalled()
  })

  it('opens a code typed slowly into the search box on Enter, and empties the box', () => {
    const search = document.createElement('input')
    search.type = 'search'
    search.value = 'PS-77'
    const onInput = vi.fn()
    search.addEventListener('input', onInput)
    const h = handlers()
    const { handled } = press(search, 'Enter', 5000, new ScanDetector(), h)
    expect(handled).toBe(true)
    expect(h.open).toHaveBeenCalledWith({ code: 'PS-77', id: 77 }, 'search')
    expect(search.value).toBe('')
    expect(onInput).toHaveBeenCalled()
  })

  it('keeps Enter for the search box when its text is not a code', () => {
    const search = document.createElement('input')
    search.type = 'search'
    search.value = 'monstera'
    const h = handlers()
    expect(press(search, 'Enter', 5000, new ScanDetector(), h).handled).toBe(false)
    expect(h.open).not.toHaveBeenCalled()
  })
})
