/**
 * Character classes for the patterns the OpenAPI document publishes, written
 * in literal characters. JSON Schema's interoperable subset of regular
 * expressions has literal characters, classes and ranges, but not escapes such
 * as \s or \u{…}, whose meaning differs between engines: Python's \s takes
 * U+001C–U+001F, and \u{…} is ECMAScript with the u flag only. The document's
 * JSON carries the controls with JSON's own escapes, and never a lone surrogate: a class that refuses surrogates
 * is published as the ranges it allows ({@link literalClassExcept}), since a lone surrogate is not interchange
 * JSON and tools that read the document (Schemathesis, Python's json with strict UTF-8) fail on it.
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

/** The highest code point. */
const MAX_CODE_POINT = 0x10ffff

/** The ranges `groups` leave out of all code points, sorted and merged. */
function complementOf(groups: (readonly CodePointRange[])[]): CodePointRange[] {
  const sorted = groups.flat().sort(([a], [b]) => a - b)
  const allowed: CodePointRange[] = []
  let next = 0
  for (const [from, to] of sorted) {
    if (from > next) allowed.push([next, from - 1])
    next = Math.max(next, to + 1)
  }
  if (next <= MAX_CODE_POINT) allowed.push([next, MAX_CODE_POINT])
  return allowed
}

/**
 * The body of a class matching every code point but those of `groups`: `[${literalClassExcept(x)}]` reads as
 * `[^${literalClass(x)}]` does, but lists what it allows. When `groups` hold the surrogates, the class names none,
 * so the published pattern holds no lone surrogate (which `[^…]` would have to spell out).
 */
export function literalClassExcept(...groups: (readonly CodePointRange[])[]): string {
  return literalClass(complementOf(groups))
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
