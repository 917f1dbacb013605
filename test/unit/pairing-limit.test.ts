/** Pairing attempts a minute: per caller (an IPv6 caller by its /64), and a cap on all callers together. */
import { describe, expect, it } from 'vitest'
import { PAIRING_LIMITS, PairingLimit, callerOf } from '#auth/pairing-limit'

function clock() {
  let now = 1_000_000
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('the pairing limit', () => {
  it('refuses a caller over its share of the minute while another caller still gets in, then lets it in again', () => {
    const time = clock()
    const limit = new PairingLimit(time.now)
    for (let attempt = 0; attempt < PAIRING_LIMITS.perCaller; attempt++) expect(limit.admit('192.168.1.66').ok).toBe(true)
    time.advance(15_000)
    expect(limit.admit('192.168.1.66')).toEqual({ ok: false, who: 'caller', retryAfterS: 45 })
    expect(limit.admit('::ffff:192.168.1.66')).toMatchObject({ ok: false, who: 'caller' })
    expect(limit.admit('192.168.1.30')).toEqual({ ok: true })
    time.advance(45_000)
    expect(limit.admit('192.168.1.66')).toEqual({ ok: true })
  })

  it('caps all callers together, however many addresses they take', () => {
    const limit = new PairingLimit(clock().now)
    for (let caller = 0; caller < PAIRING_LIMITS.total; caller++) expect(limit.admit(`10.0.${caller >> 8}.${caller & 255}`).ok).toBe(true)
    expect(limit.admit('192.168.1.30')).toEqual({ ok: false, who: 'everyone', retryAfterS: 60 })
  })

  it('counts the addresses of one IPv6 network (a /64) as one caller', () => {
    expect(callerOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(callerOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64')
    expect(callerOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(callerOf('::1')).toBe('0:0:0:0::/64')
    expect(callerOf('::ffff:10.0.0.7')).toBe('10.0.0.7')
    expect(callerOf(undefined)).toBe('unknown')
    const limit = new PairingLimit(clock().now)
    for (let host = 0; host < PAIRING_LIMITS.perCaller; host++) expect(limit.admit(`2001:db8:1:2::${host + 1}`).ok).toBe(true)
    expect(limit.admit('2001:db8:1:2:ffff::9')).toMatchObject({ ok: false, who: 'caller' })
    expect(limit.admit('2001:db8:1:3::1')).toEqual({ ok: true })
  })
})
