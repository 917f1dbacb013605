/**
 * Array helpers that work at any length. A spread into a call (`list.push(...more)`, `Math.max(...values)`)
 * passes each element as an argument on the stack and throws RangeError past roughly 100,000 of them: a
 * 200,000-row import, one journal line, overflowed that way. These loop instead; ESLint refuses the spreads.
 */

/** Appends every item of `items` to `target` (in order); returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item)
  return target
}

/** The largest of `values`, or `floor` when there is none larger (`-Infinity` by default, as `Math.max()`). */
export function maxOf(values: Iterable<number>, floor = Number.NEGATIVE_INFINITY): number {
  let max = floor
  for (const value of values) if (value > max) max = value
  return max
}

/** True when `a` and `b` are the same value, or lists of the same values in the same order (a plant's tags). */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index])
  return a === b
}
