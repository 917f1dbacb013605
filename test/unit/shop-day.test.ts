/** The shop's day is the date where the shop is (its time zone setting), never the UTC date nor the test machine's. */
import { describe, expect, it } from 'vitest'
import { canonicalTimeZone, shopDay, timeZoneProblem } from '#shared/shop-day'

describe('shopDay', () => {
  it('puts a moment on the date it has in the shop’s zone', () => {
    expect(shopDay('2026-03-01T23:30:00Z', 'Europe/Berlin')).toBe('2026-03-02') // 00:30 in Berlin
    expect(shopDay('2026-03-01T22:59:00Z', 'Europe/Berlin')).toBe('2026-03-01')
    expect(shopDay('2026-03-02T04:30:00Z', 'America/New_York')).toBe('2026-03-01') // 23:30 the evening before
    expect(shopDay('2026-03-02T05:00:00Z', 'America/New_York')).toBe('2026-03-02')
    expect(shopDay(new Date('2026-03-01T23:30:00Z'), 'UTC')).toBe('2026-03-01')
  })

  it('follows the zone’s offsets through daylight saving and zones a quarter of an hour off', () => {
    // Berlin goes to summer time on 2026-03-29 (01:00Z) and back on 2026-10-25 (01:00Z).
    expect(shopDay('2026-03-28T22:59:00Z', 'Europe/Berlin')).toBe('2026-03-28')
    expect(shopDay('2026-03-28T23:00:00Z', 'Europe/Berlin')).toBe('2026-03-29')
    expect(shopDay('2026-03-29T21:59:00Z', 'Europe/Berlin')).toBe('2026-03-29')
    expect(shopDay('2026-03-29T22:00:00Z', 'Europe/Berlin')).toBe('2026-03-30')
    expect(shopDay('2026-10-24T21:59:00Z', 'Europe/Berlin')).toBe('2026-10-24')
    expect(shopDay('2026-10-24T22:00:00Z', 'Europe/Berlin')).toBe('2026-10-25')
    expect(shopDay('2026-10-25T22:59:00Z', 'Europe/Berlin')).toBe('2026-10-25')
    expect(shopDay('2026-10-25T23:00:00Z', 'Europe/Berlin')).toBe('2026-10-26')
    // Kathmandu is UTC+5:45: its midnight is 18:15 UTC.
    expect(shopDay('2026-03-01T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-03-01')
    expect(shopDay('2026-03-01T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-03-02')
  })

  it('answers the same for every moment of an hour it has seen before (the hours are kept)', () => {
    const moments = ['2026-03-01T23:00:00.000Z', '2026-03-01T23:59:59.999Z', '2026-03-01T23:30:00.000Z']
    expect(moments.map((at) => shopDay(at, 'Europe/Berlin'))).toEqual(['2026-03-02', '2026-03-02', '2026-03-02'])
    const kathmandu = ['2026-03-01T18:14:00.000Z', '2026-03-01T18:15:00.000Z', '2026-03-01T18:14:59.999Z']
    expect(kathmandu.map((at) => shopDay(at, 'Asia/Kathmandu'))).toEqual(['2026-03-01', '2026-03-02', '2026-03-01'])
    expect(shopDay('2026-03-01T23:30:00+00:00', 'Europe/Berlin')).toBe('2026-03-02') // not as toISOString writes it
  })
})

describe('the time zone setting', () => {
  it('takes an IANA name in any case or an alias, in its canonical spelling', () => {
    expect(canonicalTimeZone('europe/BERLIN')).toBe('Europe/Berlin')
    expect(canonicalTimeZone(' America/New_York ')).toBe('America/New_York')
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York')
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata')
    expect(canonicalTimeZone(' Europe/Kyiv')).toBe('Europe/Kyiv')
    expect(canonicalTimeZone('utc')).toBe('UTC')
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined()
    expect(canonicalTimeZone('')).toBeUndefined()
  })

  it('is refused in a body unless spelled as the IANA name is, saying which name was meant', () => {
    expect(timeZoneProblem('Europe/Berlin')).toBeUndefined()
    expect(timeZoneProblem('UTC')).toBeUndefined()
    expect(timeZoneProblem('europe/berlin')).toBe('timeZone must be written as the IANA name is: "Europe/Berlin" (got "europe/berlin")')
    expect(timeZoneProblem('Berlin')).toBe('timeZone must be an IANA time zone name such as Europe/Berlin or America/New_York; got "Berlin"')
    expect(timeZoneProblem(1)).toMatch(/got 1$/)
  })

  it('accepts the current IANA names Intl formats but lists by their old names, and the old names too', () => {
    for (const zone of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Calcutta', 'Europe/Kiev']) expect(timeZoneProblem(zone)).toBeUndefined()
    expect(shopDay('2026-11-27T20:00:00Z', 'Asia/Kolkata')).toBe('2026-11-28')
  })
})
