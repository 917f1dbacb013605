/**
 * The text of a CSV file as spreadsheets save it: UTF-8 with or without a
 * byte-order mark, UTF-16 with a mark (Excel's "Unicode text"), or Windows-1252
 * (older Excel "CSV" on Western Windows), detected from the bytes or chosen.
 */
import { isUtf8 } from 'node:buffer'
import type { TextEncoding } from '#shared/import-mapping'
import { runAtOnce, type Steps } from './slices'

/** A file's text and the encoding it was read in. */
export interface DecodedText {
  text: string
  encoding: TextEncoding
}

const startsWith = (bytes: Uint8Array, ...marks: number[]) => marks.every((mark, index) => bytes[index] === mark)

/** UTF-16 without a mark: most characters of Western text have a zero byte, at even (BE) or odd (LE) positions. */
function unmarkedUtf16(bytes: Uint8Array): TextEncoding | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1)
  let even = 0
  let odd = 0
  for (let index = 0; index < sample.length; index += 2) {
    if (sample[index] === 0) even++
    if (sample[index + 1] === 0) odd++
  }
  const pairs = sample.length / 2
  if (pairs < 2) return undefined
  if (odd > pairs * 0.6 && even < pairs * 0.1) return 'utf-16le'
  if (even > pairs * 0.6 && odd < pairs * 0.1) return 'utf-16be'
  return undefined
}

/**
 * Windows-1252's characters for bytes 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ' ' " " • – — ˜ ™ š › œ ž Ÿ; five are unused).
 * Node's TextDecoder reads 'windows-1252' as Latin-1, which turns these into control characters.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/** Bytes decoded between two turns of the event loop (a few ms): a 32 MiB file in one call held the server for 50–90 ms. */
const BYTES_PER_SLICE = 1024 * 1024

/** The text of `bytes` in `encoding`, decoded a slice at a time (a character split between two slices is kept whole). */
function* decodeSteps(bytes: Uint8Array, encoding: TextEncoding): Steps<string> {
  // ignoreBOM: false drops the mark of the encoding itself, as a spreadsheet does.
  const decoder = new TextDecoder(encoding === 'windows-1252' ? 'latin1' : encoding)
  const parts: string[] = []
  for (let start = 0; start < bytes.length; start += BYTES_PER_SLICE) {
    if (start > 0) yield
    const text = decoder.decode(bytes.subarray(start, start + BYTES_PER_SLICE), { stream: true })
    parts.push(encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!) : text)
  }
  parts.push(decoder.decode())
  return parts.join('')
}

/** The encoding of `bytes`: its byte-order mark, else valid UTF-8, else unmarked UTF-16, else Windows-1252. */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return 'utf-8'
  if (startsWith(bytes, 0xff, 0xfe)) return 'utf-16le'
  if (startsWith(bytes, 0xfe, 0xff)) return 'utf-16be'
  const utf16 = unmarkedUtf16(bytes)
  if (utf16) return utf16
  // Not UTF-8: a byte such as 0xFC (ü in Windows-1252) stands alone. Every byte is a character in Windows-1252.
  // isUtf8 checks without decoding (a few ms for 32 MiB, where a decode takes ten times as long).
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252'
}

/** The text of `bytes` in `chosen` (or the detected encoding), without the byte-order mark, in slices. */
export function* decodeTextSteps(bytes: Uint8Array, chosen?: TextEncoding): Steps<DecodedText> {
  const encoding = chosen ?? detectEncoding(bytes)
  return { text: yield* decodeSteps(bytes, encoding), encoding }
}

/** {@link decodeTextSteps} at once. */
export function decodeText(bytes: Uint8Array, chosen?: TextEncoding): DecodedText {
  return runAtOnce(decodeTextSteps(bytes, chosen))
}
