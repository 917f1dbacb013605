/**
 * Objects used as dictionaries of text people type (categories, write-off notes, headings, field names). A plain
 * `{}` inherits Object.prototype: `dict['toString']` is a function before anything is stored, and
 * `dict['__proto__'] = x` replaces the object's prototype instead of storing a key (or, with `??=`, writes into
 * Object.prototype itself, for every object of the process). A dictionary has no prototype, so every name is
 * an ordinary key. Prefer `Map` where the value is not sent as JSON; this is for values that are.
 */

/** A new dictionary holding `entries` (none by default). */
export function dictionary<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const dict = Object.create(null) as Record<string, T>
  for (const [key, value] of entries) dict[key] = value
  return dict
}

/** A dictionary of the own keys of `value` (e.g. parsed JSON), each value passed through `each`. */
export function dictionaryOf<T>(value: object, each: (item: unknown) => T = (item) => item as T): Record<string, T> {
  return dictionary(Object.entries(value).map(([key, item]) => [key, each(item)] as const))
}
