import { describe, expect, it } from 'vitest'
import { PairingCodes } from '#auth/pairing-codes'
import { PAIRING_CODE_TTL_MS } from '#shared/lan'

function clock() {
  let now = 1_000_000
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('pairing codes', () => {
  it('pair once, within ten minutes; typed with or without the dash', () => {
    const time = clock()
    const codes = new PairingCodes(time.now)
    const { code, expiresAt } = codes.make()
    expect(code).toMatch(/^\d{4}-\d{4}$/)
    expect(expiresAt.getTime()).toBe(time.now() + PAIRING_CODE_TTL_MS)
    expect(codes.redeem(code.replace('-', ''))).toEqual({ ok: true, expiresAt: expiresAt.getTime() })
    expect(codes.redeem(code)).toEqual({ ok: false, why: 'unknown' })
  })

  it('refuse a code forgotten when the listener moved or stopped as cancelled, until it would have expired', () => {
    const time = clock()
    const codes = new PairingCodes(time.now)
    const { code } = codes.make()
    codes.forgetAll()
    expect(codes.redeem(code)).toEqual({ ok: false, why: 'cancelled' })
    expect(codes.redeem('0000-0000')).toEqual({ ok: false, why: 'unknown' })
    time.advance(PAIRING_CODE_TTL_MS)
    expect(codes.redeem(code)).toEqual({ ok: false, why: 'unknown' })
  })

  it('refuse an expired code in words of its own', () => {
    const time = clock()
    const codes = new PairingCodes(time.now)
    const { code } = codes.make()
    time.advance(PAIRING_CODE_TTL_MS)
    expect(codes.redeem(code)).toEqual({ ok: false, why: 'expired' })
  })
})
