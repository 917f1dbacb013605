/** Staff names that look alike (Unicode UTS #39 confusables) are one name; names that differ to the eye stay two. */
import { describe, expect, it } from 'vitest'
import { looksAlike, nameSkeleton } from '#auth/staff/name-skeleton'

describe('looksAlike', () => {
  it('takes look-alike letters of other alphabets, case and width for one name', () => {
    for (const [a, b] of <[string, string][]>[
      ['Anna', '\u0410nna'], // Cyrillic А
      ['Anna', '\u0391nna'], // Greek Α
      ['Olga', '\u041elga'], // Cyrillic О
      ['Anna', 'ANNA'],
      ['Anna', '\uff21nna'], // fullwidth Ａ
      ['Anna', 'An\u200bna'] // a zero-width space hides nothing
    ])
      expect(looksAlike(a, b), `${a} / ${b}`).toBe(true)
  })

  it('keeps names that look different apart, accents included', () => {
    for (const [a, b] of <[string, string][]>[
      ['Anna', 'Änna'],
      ['Maria', 'María'],
      ['Jörg', 'Jorg'],
      ['Anna', 'Ann'],
      ['Anna', 'Anna B.'],
      ['Ian', 'Lan'], // a capital I looks like l, but Ian and Lan are two names
      ['Ida', 'Lda']
    ])
      expect(looksAlike(a, b), `${a} / ${b}`).toBe(false)
  })

  it('maps a character to its prototype, decomposed', () => {
    expect(nameSkeleton('\u0410nna')).toBe('Anna')
    expect(nameSkeleton('Änna')).toBe('A\u0308nna')
  })
})
