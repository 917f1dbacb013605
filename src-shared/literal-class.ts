/**
 * Character classes for the patterns the OpenAPI document publishes, written
 * in literal characters. JSON Schema's interoperable subset of regular
 * expressions has literal characters, classes and ranges, but not escapes such
 * as \s or \u{…}, whose meaning differs between engines: Python's \s takes
 * U+001C–U+001F, and \u{…} is ECMAScript with the u flag only. The document's
 * JSON carries the controls and lone surrogates with JSON's own escapes.
 */

/** An inclusive range of code points. */
export type CodePointRange = readonly [number, number]

/** Characters that mean something inside a class: escaped with a backslash (an escaped syntax character reads the same everywhere). */
const CLASS_SYNTAX = new Set(['\\', ']', '[', '^', '-'])

function literal(codePoint: number): string {
  const text = String.fromCodePoint(codePoint)
  return CLASS_SYNTAX.has(text) ? `\\${text}` : text
}

/**
 * The body of a character class holding every range of `groups` (without the brackets). Sorted and merged,
 * so a high surrogate never comes right before a low one, which an engine would read as one pair.
 */
export function literalClass(...groups: (readonly CodePointRange[])[]): string {
  const sorted = groups.flat().sort(([a], [b]) => a - b)
  const merged: [number, number][] = []
  for (const [from, to] of sorted) {
    const last = merged.at(-1)
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to)
    else merged.push([from, to])
  }
  return merged.map(([from, to]) => (from === to ? literal(from) : `${literal(from)}-${literal(to)}`)).join('')
}

/** The ranges of the characters in `text` (one each). */
export const charactersOf = (text: string): CodePointRange[] => [...text].map((character) => [character.codePointAt(0)!, character.codePointAt(0)!])

/** Code points String.prototype.trim() removes (ECMAScript's WhiteSpace and LineTerminator), named one by one. */
// prettier-ignore
export const TRIMMED_RANGES: readonly CodePointRange[] = [
  [0x0009, 0x000d], [0x0020, 0x0020], [0x00a0, 0x00a0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029],
  [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]
]

/** What trim() removes among the characters a header value can hold (Latin-1: a header is a byte string). */
export const HEADER_SPACE_RANGES: readonly CodePointRange[] = TRIMMED_RANGES.filter(([from]) => from <= 0xff)
