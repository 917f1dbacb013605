import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '#server/openapi/openapi'
import { validateNewPlant } from '#shared/plant-schema'
import { storedText, tagKey, textFieldSchema, textProblem, uniqueTags } from '#shared/text-rules'

type TextSchema = { pattern: string; not: { pattern: string } }

function publishedTextSchemas(): Record<'PlantName' | 'PlantCategory' | 'PlantTag', TextSchema> {
  return (createOpenApiDocument() as { components: { schemas: Record<'PlantName' | 'PlantCategory' | 'PlantTag', TextSchema> } }).components.schemas
}

/** What the published OpenAPI document says of a plant's name (its pattern, and its `not`), compiled as Ajv compiles JSON Schema patterns. */
function publishedNamePattern(): { test: (text: string) => boolean } {
  const { pattern, not } = publishedTextSchemas().PlantName
  const shape = new RegExp(pattern, 'u')
  const blank = new RegExp(not.pattern, 'u')
  return { test: (text) => shape.test(text) && !blank.test(text) }
}

describe('textProblem: what names, categories and tags may hold', () => {
  it.each([
    ['NUL', 'a\u0000b', 'a control character (U+0000)'],
    ['an escape code', 'red\u001b[31m', 'a control character (U+001B)'],
    ['DEL', 'a\u007f', 'a control character (U+007F)'],
    ['C1 next line', 'one\u0085two', 'a control character (U+0085)'],
    ['C1 CSI', 'x\u009b31m', 'a control character (U+009B)'],
    ['a line break inside', 'two\nlines', 'a control character (U+000A)'],
    ['a C1 control at the end (trim keeps it)', 'Fern\u0085', 'a control character (U+0085)'],
    ['a line separator', 'one\u2028two', 'a line or paragraph separator (U+2028)'],
    ['a paragraph separator', 'one\u2029two', 'a line or paragraph separator (U+2029)'],
    ['a lone high surrogate', 'cactus \ud83c', 'a broken character, half of a UTF-16 surrogate pair (U+D83C)'],
    ['a lone low surrogate', '\udf35 cactus', 'a broken character, half of a UTF-16 surrogate pair (U+DF35)'],
    ['a right-to-left override', 'invoice\u202egpj.exe', 'an invisible direction-changing character (U+202E)'],
    ['a left-to-right embedding', '\u202aFern', 'an invisible direction-changing character (U+202A)'],
    ['a first-strong isolate', 'Fern\u2068', 'an invisible direction-changing character (U+2068)'],
    ['a pop directional isolate', 'Fern\u2069', 'an invisible direction-changing character (U+2069)']
  ])('refuses %s, naming the kind of character and its code', (_label, text, words) => {
    expect(textProblem(text)).toContain(`contains ${words}`)
  })

  it.each([
    ['spaces', '   '],
    ['an empty string', ''],
    ['a no-break space and a BOM', '\u00a0\ufeff']
  ])('calls %s blank', (_label, text) => {
    expect(textProblem(text)).toBe('must not be blank')
  })

  it.each([
    ['a zero-width space', '\u200b'],
    ['zero-width joiners and spaces', ' \u200d\u200c '],
    ['a Hangul filler', '\u3164'],
    ['a soft hyphen', '\u00ad'],
    ['variation selectors', '\ufe0f\u{e0100}'],
    ['tag characters', '\u{e0041}\u{e0042}'],
    ['a word joiner', '\u2060']
  ])('refuses a value made only of %s', (_label, text) => {
    expect(textProblem(text)).toMatch(/only invisible characters/)
  })

  it.each([
    ['plain text', 'Monstera deliciosa'],
    ['accents, CJK and emoji', 'Café 仙人掌 🌵'],
    ['a family emoji (zero-width joiners between visible characters)', '👨\u200d👩\u200d👧'],
    ['an emoji with a variation selector', '❤\ufe0f'],
    ['Arabic with a right-to-left mark', 'صبار\u200f'],
    ['a zero-width space between words', 'Aloe\u200bvera'],
    ['a well-formed astral character', '\ud83c\udf35'],
    ['a trailing line break or tab, which trimming removes', ' Fern\t\r\n']
  ])('accepts %s', (_label, text) => {
    expect(textProblem(text)).toBeUndefined()
  })

  it('covers every format (Cf) and default-ignorable character this engine knows', () => {
    const missed: string[] = []
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const character = String.fromCodePoint(codePoint)
      if (/[\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(character) && textProblem(character) === undefined) {
        missed.push(codePoint.toString(16))
      }
    }
    expect(missed).toEqual([])
  })

  it('is published as the patterns of name, category and every tag', () => {
    const { PlantName, PlantCategory, PlantTag } = publishedTextSchemas()
    expect([PlantName, PlantCategory, PlantTag]).toMatchObject([textFieldSchema(200), textFieldSchema(200), textFieldSchema(50)])
  })

  it('names, in the published patterns, exactly the characters trim() removes (they are not written \\s, which differs between engines)', () => {
    const { pattern } = textFieldSchema(200)
    const padding = new RegExp(`^${pattern.slice(1, pattern.indexOf('*') + 1)}$`, 'u')
    const differ: string[] = []
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const character = String.fromCodePoint(codePoint)
      if ((character.trim() === '') !== padding.test(character)) differ.push(codePoint.toString(16))
    }
    expect(differ).toEqual([])
  })

  it('keeps the published patterns to literal characters, classes, bounded repetition, groups and anchors: no escape class, lookaround or \\u{…}', () => {
    for (const text of [...Object.values(textFieldSchema(200)), textFieldSchema(200).not.pattern].filter((value) => typeof value === 'string')) {
      expect(text).not.toMatch(/\\[sSdDwWbBpPu]|\(\?[=!<]/)
    }
  })

  it('gives the same verdict as the pattern the OpenAPI document publishes, on generated text', () => {
    const published = publishedNamePattern()
    const pool = [
      'a',
      'Z',
      ' ',
      '\t',
      '\n',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u00a0',
      '\u00ad',
      'é',
      'e\u0301',
      '\u2028',
      '\u2029',
      '\ud800',
      '\udfff',
      '\ud83c\udf35',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u200b',
      '\u200d',
      '\u200e',
      '\ufeff',
      '\u3164',
      '\ufe0f',
      '\u{e0041}',
      '\u061c',
      '仙',
      '\u0600'
    ]
    let seed = 11
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let run = 0; run < 20_000; run++) {
      let text = ''
      const length = Math.floor(random() * 6)
      for (let i = 0; i < length; i++) text += pool[Math.floor(random() * pool.length)]
      expect({ text, accepted: validateNewPlant({ name: text }).ok }).toEqual({ text, accepted: published.test(text) })
    }
  })

  it('settles long hostile input in linear time (a backtracking pattern would not finish within the test timeout)', () => {
    for (const text of ['a'.repeat(500_000) + '\u0000', '\u200b'.repeat(500_000), ' '.repeat(500_000) + '\u202e']) {
      expect(publishedNamePattern().test(text)).toBe(false)
      expect(textProblem(text)).toBeDefined()
    }
  })
})

describe('stored form and tag identity', () => {
  it('stores text trimmed and in NFC, so Café typed two ways is one spelling', () => {
    expect(storedText('  Cafe\u0301 ')).toBe('Caf\u00e9')
    expect(validateNewPlant({ name: 'Cafe\u0301', category: 'A\u030angstr\u00f6m' })).toEqual({
      ok: true,
      value: { name: 'Caf\u00e9', category: '\u00c5ngstr\u00f6m' }
    })
  })

  it('folds case fully and independently of the language settings', () => {
    expect(tagKey('Café')).toBe(tagKey('CAFE\u0301'))
    expect(tagKey('Straße')).toBe(tagKey('STRASSE'))
    expect(tagKey('\u1e9e')).toBe(tagKey('ss'))
    expect(tagKey('ΣΊΣΥΦΟΣ')).toBe(tagKey('σίσυφος'))
    expect(tagKey('\u212aiwi')).toBe(tagKey('kiwi'))
    expect(tagKey('indoor')).not.toBe(tagKey('in\u200bdoor'))
  })

  it('counts inner spacing as one space: a double space or a no-break space is the tag it looks like', () => {
    expect(tagKey('Sweet  Herbs')).toBe(tagKey('sweet herbs'))
    expect(tagKey('Sweet\u00a0Herbs')).toBe(tagKey('Sweet Herbs'))
    expect(uniqueTags(['Sweet Herbs', 'sweet\u2003 herbs'])).toEqual(['Sweet Herbs'])
    expect(tagKey('SweetHerbs')).not.toBe(tagKey('Sweet Herbs'))
  })

  it('keeps each tag once, first spelling winning, in NFC', () => {
    expect(uniqueTags(['Cafe\u0301', 'café', ' CAFÉ ', 'Straße', 'strasse', 'shade'])).toEqual(['Caf\u00e9', 'Straße', 'shade'])
    expect(validateNewPlant({ tags: ['Cafe\u0301', 'CAFÉ', 'indoor'] })).toEqual({ ok: true, value: { tags: ['Caf\u00e9', 'indoor'] } })
  })

  it('names the field and the character in the validation message', () => {
    const result = validateNewPlant({ name: 'invoice\u202egpj.exe', tags: ['ok', '\u200b'] })
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'name', message: expect.stringMatching(/^name contains an invisible direction-changing character \(U\+202E\)/) },
        { field: 'tags[1]', message: expect.stringMatching(/^tag 2 holds only invisible characters/) }
      ]
    })
  })
})
