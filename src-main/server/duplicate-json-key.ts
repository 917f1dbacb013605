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
 * Returns the first key that occurs twice in the same object of `text`, or
 * undefined. `text` must already be valid JSON (JSON.parse accepted it); keys
 * are compared after unescaping, so "a" and "\u0061" are the same key.
 */
export function findDuplicateKey(text: string): string | undefined {
  const stack: Frame[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    const top = stack[stack.length - 1]
    if (c === '{') stack.push({ keys: new Set(), expectKey: true })
    else if (c === '[') stack.push({ keys: undefined, expectKey: false })
    else if (c === '}' || c === ']') stack.pop()
    else if (c === ',' && top?.keys) top.expectKey = true
    else if (c === '"') {
      const end = endOfString(text, i)
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string
        if (top.keys.has(key)) return key
        top.keys.add(key)
        top.expectKey = false
      }
      i = end
    }
  }
  return undefined
}

/** Index of the quote that closes the string opening at `start`. */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i
  }
  return text.length - 1
}
