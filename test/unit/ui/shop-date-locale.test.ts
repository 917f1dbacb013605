/** Dates and times in the shop's locale (format.ts): the catalogue, History and Reports write them the shop's way. */
import { afterEach, describe, expect, it } from 'vitest'
import { formatClock, formatUpdated, setDateLocale } from '#renderer/format'
import { describeWhen } from '#renderer/history-words'
import { groupLabel } from '#renderer/report-data'

afterEach(() => setDateLocale('en-GB'))

describe("dates in the shop's locale", () => {
  it('are written the UK way until the shop says otherwise, then its way everywhere', () => {
    const evening = new Date(2026, 10, 8, 19, 51)
    const lastYear = new Date(2025, 2, 3, 9, 5).toISOString()
    expect([formatClock(evening.toISOString()), formatUpdated(lastYear, evening), groupLabel('2026-03-03', 'day')]).toEqual([
      '19:51',
      '3 Mar 2025',
      '3 Mar'
    ])
    setDateLocale('en-US')
    expect([formatClock(evening.toISOString()), formatUpdated(lastYear, evening), groupLabel('2026-03-03', 'day')]).toEqual([
      '07:51 PM',
      'Mar 3, 2025',
      'Mar 3'
    ])
    expect(describeWhen(new Date(2026, 10, 7, 14, 2).toISOString(), evening)).toBe('Sat 02:02 PM')
  })

  it('keeps the locale it has when given one Intl cannot use', () => {
    setDateLocale('de-DE')
    setDateLocale('not a locale!')
    expect(groupLabel('2026-03', 'month')).toBe('März 2026')
  })
})
