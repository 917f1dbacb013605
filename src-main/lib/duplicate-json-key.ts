/**
 * Finds a key given twice in one JSON object. JSON.parse keeps the last one
 * silently, which hides a mistake ({"status": "sold", …, "status": "available"}
 * stores "available"); the API refuses such a body instead.
 */

/** One open object or array while scanning. */
interface Frame {
  keys: Set<string> | undefined
  expectKey: boolean
}

/**
 * Calls `found(key, item)` for every key that occurs again in the same object
 * of `text`; `item` is the index of the top-level array's element it is in
 * (-1 outside such an array). `text` must already be valid JSON (JSON.parse
 * accepted it); keys are compared after unescaping, so "a" and "\u0061" are
 * the same key. Stops early when `found` returns true.
 */
function scanDuplicateKeys(text: string, found: (key: string, item: number) => boolean | void): void {
  const stack: Frame[] = []
  let item = -1
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    const top = stack[stack.length - 1]
    if (c === '{') stack.push({ keys: new Set(), expectKey: true })
    else if (c === '[') {
      if (stack.length === 0) item = 0
      stack.push({ keys: undefined, expectKey: false })
    } else if (c === '}' || c === ']') stack.pop()
    else if (c === ',' && top?.keys) top.expectKey = true
    else if (c === ',' && stack.length === 1) item++
    else if (c === '"') {
      const end = endOfString(text, i)
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string
        if (top.keys.has(key) && found(key, item) === true) return
        top.keys.add(key)
        top.expectKey = false
      }
      i = end
    }
  }
}

/** Returns the first key that occurs twice in the same object of `text` (valid JSON), or undefined. */
export function findDuplicateKey(text: string): string | undefined {
  let first: string | undefined
  scanDuplicateKeys(text, (key) => {
    first = key
    return true
  })
  return first
}

/**
 * The keys given twice in the elements of the top-level array of `text` (valid
 * JSON), by element index from 0: an import names each faulty row.
 */
export function duplicateKeysByItem(text: string): Map<number, string[]> {
  const byItem = new Map<number, string[]>()
  scanDuplicateKeys(text, (key, item) => {
    const keys = byItem.get(item) ?? []
    if (!keys.includes(key)) byItem.set(item, [...keys, key])
  })
  return byItem
}

/** Index of the quote that closes the string opening at `start`. */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i
  }
  return text.length - 1
}
