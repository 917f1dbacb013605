/** Money on the command line: typed amounts (`123.45`) read into minor units without floats, and minor units shown back. */
import { UsageError } from '#cli/command'

/** `text` (`123.45`, `12`, `0.5`) as minor units; UsageError naming `option` otherwise. */
export function minorUnitsOf(text: string, option: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) throw new UsageError(`${option} must be an amount such as 123.45 (at most two decimals); got "${text}"`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Minor units as a decimal amount: 12345 → "123.45", -5 → "-0.05". */
export function decimalOf(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const whole = Math.abs(minor)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}
