/**
 * fast-check arbitraries for request bodies, as a careless or hostile client sends them: text of every kind
 * around each limit, values of the wrong type, ids beyond 2^53. The agreement tests draw bodies from these.
 */
import fc from 'fast-check'
import { PLANT_STATUSES } from '#shared/plant'
import { PLANT_LIMITS } from '#shared/plant-schema'

// Characters a careless paste or a hostile script brings: whitespace that trim() removes, control
// characters, invisible and direction-changing marks, lone surrogates, combining marks, emoji.
const whitespace = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u2028', '\u2029', '\u202f', '\u3000', '\ufeff')
const unusual = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udfff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  'e\u0301',
  '\u{1f331}',
  '\u{e0001}',
  'ǅ',
  'İ'
)
const letter = fc.constantFrom('a', 'Z', 'é', 'ß', '水', '\u{1f33f}', '-', ' ')
const piece = fc.oneof({ weight: 4, arbitrary: letter }, { weight: 2, arbitrary: whitespace }, { weight: 1, arbitrary: unusual })
const padding = fc.array(whitespace, { maxLength: 5 }).map((chars) => chars.join(''))

/** Text of every kind, with lengths around each limit (before and after trimming). */
export function text(limit: number): fc.Arbitrary<string> {
  const nearLimit = fc
    .tuple(padding, fc.integer({ min: Math.max(0, limit - 3), max: limit + 3 }), fc.constantFrom('x', 'é', '\u{1f331}', 'a b'), padding)
    .map(([before, count, unit, after]) => before + unit.repeat(count).slice(0, Math.max(count, 1)) + after)
  const plain = fc
    .tuple(padding, fc.array(letter, { minLength: 1, maxLength: 12 }), padding)
    .map(([before, letters, after]) => before + letters.join('') + after)
  return fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 2, arbitrary: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    { weight: 3, arbitrary: nearLimit }
  )
}

export const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 4 }),
  fc.constant([]),
  fc.constant({})
)
export const status = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PLANT_STATUSES) },
  { weight: 1, arbitrary: fc.constantFrom('Sold', 'available ', '', 'unknown') },
  { weight: 1, arbitrary: anyJson }
)
export const tags = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.oneof({ weight: 10, arbitrary: text(PLANT_LIMITS.tagMaxLength) }, { weight: 1, arbitrary: anyJson }), { maxLength: 4 })
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: PLANT_LIMITS.tagsMaxItems - 2, max: PLANT_LIMITS.tagsMaxItems + 2 })
      .map((count) => Array.from({ length: count }, (_, i) => `t${i}`))
  },
  { weight: 1, arbitrary: anyJson }
)
export const nameLike = fc.oneof({ weight: 8, arbitrary: text(PLANT_LIMITS.textMaxLength) }, { weight: 1, arbitrary: anyJson })
export const id = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 2 ** 60, 1e300, 1.5, -0, '7', '1e3'),
  anyJson
)

// Prices on both sides of every rule: bounds, two decimals, float noise, and what is not a number.
export const price = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100) },
  { weight: 2, arbitrary: fc.constantFrom(0, 19.99, 0.1 + 0.2, 12.345, -1, -0.01, 1_000_000, 1_000_000.01, 999_999.99, 1e-7, 0.005, 2 ** 53) },
  { weight: 2, arbitrary: fc.double({ min: -10, max: 2_000_000, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom('12', '12.50', null) },
  { weight: 1, arbitrary: anyJson }
)

/** Pot counts (quantity, reorderAt, a movement's change and count) on both sides of every rule. */
export const pots = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 1_000_005 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, -1, 1_000_000, 1_000_001, -1_000_000, -1_000_001, 2.5, -0, 1e21, 2 ** 53) },
  { weight: 1, arbitrary: fc.constantFrom('40', null) },
  { weight: 1, arbitrary: anyJson }
)

/** A field the API does not have, and keys that mean something to JavaScript objects. */
export const ODD_KEYS = {
  colour: fc.string({ maxLength: 3 }),
  ['__proto__']: fc.constant('x'),
  constructor: fc.constant('x')
}

/** `arbitrary`, or now and then null. */
export const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: fc.constant(null) })

/** A plant's fields, each sometimes null (null clears category and price in an update, never name, tags or status). */
export const plantFields = {
  name: nullable(nameLike),
  category: nullable(nameLike),
  tags: nullable(tags),
  status: nullable(status),
  price: nullable(price),
  quantity: nullable(pots),
  reorderAt: nullable(pots)
}

/** A body as the server sees it after JSON.parse: JSON's numbers, no undefined. */
export const parsedJson = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((body) => JSON.parse(JSON.stringify(body) ?? 'null') as unknown)
