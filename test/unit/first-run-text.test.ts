/** What the first field of the first-run screen makes of a scanned or pasted text, and the connect body's rules. */
import { describe, expect, it } from 'vitest'
import { validate } from '#shared/body-rules'
import { CONNECT_BODY, readPairingText } from '#shared/first-run'
import { pairingQrText } from '#shared/lan'

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0')).join(':')

describe('the pairing QR text', () => {
  it('fills address, code and fingerprint from the text the main computer shows as a QR code', () => {
    const text = pairingQrText('https://192.168.1.20:7421', '1234-5678', FINGERPRINT)
    expect(readPairingText(text)).toEqual({ address: 'https://192.168.1.20:7421', code: '1234-5678', fingerprint: FINGERPRINT })
    // A scanner's trailing newline, another case of the scheme: the same.
    expect(readPairingText(`  ${text.replace('plant-store', 'Plant-Store')}\n`)).toEqual(readPairingText(text))
  })

  it('takes any other text as the address alone, and a QR text missing a part gives the parts it has', () => {
    expect(readPairingText(' https://192.168.1.20:7421 ')).toEqual({ address: 'https://192.168.1.20:7421' })
    expect(readPairingText('')).toEqual({})
    expect(readPairingText('plant-store://pair?address=https%3A%2F%2F10.0.0.2%3A7421&code=')).toEqual({ address: 'https://10.0.0.2:7421' })
  })

  it('is what the connect body accepts as it comes, and an http:// address is refused in words', () => {
    const fields = readPairingText(pairingQrText('https://192.168.1.20:7421', '1234-5678', FINGERPRINT))
    expect(validate(CONNECT_BODY, { ...fields, till: 'door' }).ok).toBe(true)
    expect(validate(CONNECT_BODY, { ...fields, fingerprint: FINGERPRINT.replaceAll(':', '').toLowerCase(), till: 'door' }).ok).toBe(true)
    const plain = validate(CONNECT_BODY, { ...fields, address: 'http://192.168.1.20:7421', till: 'door' })
    expect(plain).toEqual({
      ok: false,
      errors: [
        { field: 'address', message: expect.stringMatching(/must start with https:\/\/ \(a till never talks to the main computer in plain text\)/) }
      ]
    })
    const short = validate(CONNECT_BODY, { ...fields, fingerprint: FINGERPRINT.slice(3), till: 'door' })
    expect(short).toMatchObject({ ok: false, errors: [{ field: 'fingerprint', message: expect.stringMatching(/64 hex digits/) }] })
  })
})
