/**
 * PINs are stored as scrypt hashes (node:crypto): a 4-digit PIN has only 10,000 values, so the hash must be
 * slow to make a stolen staff.json expensive to try them all, and each member has a salt of their own so no
 * two hashes can be attacked at once. The parameters are kept beside each hash: a later build may raise them
 * and still check the old ones.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** A stored PIN. */
export interface PinHash {
  /** Base64 of 16 random bytes. */
  salt: string
  /** Base64 of the derived key. */
  hash: string
  /** scrypt's cost (N), block size (r) and parallelism (p). */
  N: number
  r: number
  p: number
}

/** About 50 ms and 16 MiB per check on a small computer: slow for a thief, unnoticed at the till. */
export const PIN_SCRYPT = { N: 16384, r: 8, p: 1 } as const
const KEY_BYTES = 32

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)))
  )
}

/** The stored form of `pin`. */
export async function hashPin(pin: string): Promise<PinHash> {
  const salt = randomBytes(16)
  const key = await derive(pin, salt, PIN_SCRYPT)
  return { salt: salt.toString('base64'), hash: key.toString('base64'), ...PIN_SCRYPT }
}

/** True when `pin` is the one `stored` was made from (compared in constant time). */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64')
  const key = await derive(pin, Buffer.from(stored.salt, 'base64'), { N: stored.N, r: stored.r, p: stored.p })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** What is wrong with a stored PIN hash, or undefined. */
export function pinHashProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'has no PIN hash'
  const pin = value as Record<string, unknown>
  if (typeof pin.salt !== 'string' || typeof pin.hash !== 'string') return 'has no PIN salt or hash'
  const powerOfTwo = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 1 && ((n as number) & ((n as number) - 1)) === 0
  if (!powerOfTwo(pin.N) || !Number.isSafeInteger(pin.r) || !Number.isSafeInteger(pin.p)) return 'has no valid scrypt parameters'
  return undefined
}
