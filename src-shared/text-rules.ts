/**
 * What text a plant's name, category and tags may hold. One definition feeds
 * the server's validation and the UI's live checks (through plant-schema.ts)
 * and the `pattern` and `not` of the published JSON Schema, so the three cannot drift.
 *
 * The rules, for the text once trimmed: no character that garbles or disguises
 * it (control characters, line separators, broken UTF-16, direction
 * overrides), and at least one character a person can see. Accepted text is
 * stored trimmed and in Unicode NFC, so the same word typed two ways is stored
 * one way.
 */

import { TRIMMED_RANGES, literalClass, literalClassExcept, type CodePointRange } from './literal-class'

/** A group of refused characters, with the words an error message uses for it. */
interface RefusedClass {
  /** Inclusive code point ranges. */
  ranges: readonly CodePointRange[]
  /** Completes "NAME contains …", e.g. "an invisible direction-changing character". */
  words: string
  /** What to do about it, after the character's code. */
  advice: string
}

/** Characters refused anywhere in a name, category or tag. */
const REFUSED_CLASSES: readonly RefusedClass[] = [
  {
    // C0 controls, DEL and the C1 controls (U+0085 "next line", U+009B "CSI" starts terminal escape codes).
    ranges: [
      [0x00, 0x1f],
      [0x7f, 0x9f]
    ],
    words: 'a control character',
    advice: 'control characters such as line breaks, tabs or escape codes are not allowed'
  },
  {
    ranges: [[0x2028, 0x2029]],
    words: 'a line or paragraph separator',
    advice: 'text must stay on one line'
  },
  {
    // Lone UTF-16 surrogates (String.prototype.isWellFormed would say false): not a character at all.
    ranges: [[0xd800, 0xdfff]],
    words: 'a broken character, half of a UTF-16 surrogate pair',
    advice: 'send the text as well-formed Unicode'
  },
  {
    // Bidirectional embeddings, overrides and isolates ("Trojan Source"): they reorder what is shown.
    ranges: [
      [0x202a, 0x202e],
      [0x2066, 0x2069]
    ],
    words: 'an invisible direction-changing character',
    advice: 'it can make text look different from what it is'
  }
]

/**
 * Characters that show nothing on their own: Unicode's Default_Ignorable_Code_Point
 * and format (Cf) characters, e.g. zero-width spaces and joiners, soft hyphens,
 * variation selectors, Hangul fillers, tag characters. Allowed inside text, but
 * text made only of these (and spaces) is as good as blank.
 */
// prettier-ignore
const INVISIBLE_RANGES: readonly CodePointRange[] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x0600, 0x0605], [0x061c, 0x061c], [0x06dd, 0x06dd], [0x070f, 0x070f],
  [0x0890, 0x0891], [0x08e2, 0x08e2], [0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180f], [0x200b, 0x200f],
  [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0],
  [0xfff0, 0xfffb], [0x110bd, 0x110bd], [0x110cd, 0x110cd], [0x13430, 0x1343f], [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a], [0xe0000, 0xe0fff]
]

const codeOf = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`

const REFUSED_RANGES = REFUSED_CLASSES.flatMap((group) => group.ranges)
const TRIMMED = literalClass(TRIMMED_RANGES)
const REFUSED = literalClass(REFUSED_RANGES)
const BLANK = literalClass(TRIMMED_RANGES, INVISIBLE_RANGES)
const NOT_VISIBLE = literalClass(TRIMMED_RANGES, INVISIBLE_RANGES, REFUSED_RANGES)

/**
 * The character rule, for text already trimmed: nothing refused, and past any
 * white space and invisible characters one that can be seen. The server's own
 * check (lookaheads, the u flag); linear time: each lookahead scans the text once.
 */
const TEXT_RULE = new RegExp(`^(?=[^${REFUSED}]*$)(?=[${BLANK}]*[^${NOT_VISIBLE}])`, 'u')
const FIRST_REFUSED = new RegExp(`[${REFUSED}]`, 'u')

/**
 * A text field's rule as JSON Schema, for the published document: `pattern`
 * says the shape and the length (white space may pad the text, as the server
 * trims before it checks and counts; between the padding come 1 to
 * `maxLength` characters that start and end with a non-space and hold nothing
 * refused), and `not` refuses text with nothing visible (only white space and
 * invisible characters). Both patterns keep to JSON Schema's interoperable
 * subset (literal characters, classes, ranges, bounded repetition, anchors,
 * groups): no lookaround, no \s, no \u{…}. A `maxLength` would count the
 * padding and refuse what the server keeps.
 */
export function textFieldSchema(maxLength: number): { pattern: string; not: { pattern: string } } {
  // The refused characters hold the lone surrogates, so the classes that exclude them list what they allow instead.
  const edge = `[${literalClassExcept(TRIMMED_RANGES, REFUSED_RANGES)}]`
  return {
    pattern: `^[${TRIMMED}]*${edge}(?:[${literalClassExcept(REFUSED_RANGES)}]{0,${maxLength - 2}}${edge})?[${TRIMMED}]*$`,
    not: { pattern: `^[${BLANK}]*$` }
  }
}

/** The rule in words, for the published schema's descriptions. */
export const TEXT_RULES_DESCRIPTION =
  'Trimmed, then stored in Unicode NFC. Refused once trimmed: control characters (U+0000–U+001F, U+007F–U+009F), U+2028/U+2029, ' +
  'lone surrogates, bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), and text with nothing visible ' +
  '(only spaces, zero-width or format characters: the `not` pattern). The patterns are written in literal characters and ' +
  'match code points (as ECMAScript with the u flag, or Python, reads them).'

/** Words for the first refused character in `text`, e.g. "contains a control character (U+001B): …". */
function describeRefused(text: string): string | undefined {
  const found = FIRST_REFUSED.exec(text)
  if (!found) return undefined
  const codePoint = found[0].codePointAt(0) ?? 0
  const group = REFUSED_CLASSES.find((candidate) => candidate.ranges.some(([from, to]) => codePoint >= from && codePoint <= to))
  return `contains ${group?.words ?? 'a character that is not allowed'} (${codeOf(codePoint)}); ${group?.advice ?? 'remove it'}`
}

/**
 * Checks `value` once trimmed against the rule (the same verdict as the
 * published {@link textFieldSchema}); returns what is wrong, worded to follow the field's
 * name ("name must not be blank"), or undefined when the text is acceptable.
 */
export function textProblem(value: string): string | undefined {
  const text = value.trim()
  if (TEXT_RULE.test(text)) return undefined
  const refused = describeRefused(text)
  if (refused) return refused
  if (text === '') return 'must not be blank'
  return 'holds only invisible characters (such as zero-width spaces); type something that can be seen'
}

/** The form in which accepted text is stored: trimmed, in Unicode NFC. */
export function storedText(text: string): string {
  return text.trim().normalize('NFC')
}

/**
 * The key under which two tags count as the same: NFC plus full case folding
 * (lower, upper, lower maps ß, ẞ and SS together, and final sigma with sigma),
 * independent of the computer's language settings; and every run of spacing
 * inside as one space, since "Sweet  Herbs" or one typed with a no-break space
 * looks like "Sweet Herbs" to whoever reads it.
 */
export function tagKey(tag: string): string {
  return storedText(tag).replace(/\s+/gu, ' ').toLowerCase().toUpperCase().toLowerCase().normalize('NFC')
}

/**
 * The key under which two labels people typed count as one in a report (a category, a write-off's reason): the
 * same rule as tags, so "Frost", "frost", " FROST " and "Sweet  Herbs" / "Sweet Herbs" are one group each.
 */
export const groupKey = tagKey

/**
 * Keeps each tag once: trimmed and in NFC, the first spelling winning among
 * those with the same {@link tagKey}. The server stores tags this way; the UI
 * previews them this way.
 */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const kept: string[] = []
  for (const tag of tags) {
    const key = tagKey(tag)
    if (seen.has(key)) continue
    seen.add(key)
    kept.push(storedText(tag))
  }
  return kept
}
