/** Counted nouns in the form English needs: "1 plant", "3 plants", "0 plants". */
const pluralRules = new Intl.PluralRules('en')

/** `count` and `noun`, plural where English wants it; `plural` defaults to noun + "s". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${pluralRules.select(count) === 'one' ? noun : plural}`
}
