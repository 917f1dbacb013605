/**
 * A QR code as one SVG path (the labels' `PS-<id>`, a receipt's number), drawn from the `qrcode` library's module
 * matrix: its core only (no renderer, no file system), so the server's bundle and the UI's share it.
 */
import { create } from 'qrcode/lib/core/qrcode'

export interface QrPath {
  /** Modules per side (without the quiet zone). */
  size: number
  /** One SVG path of the dark modules, a unit square each, runs merged. */
  d: string
}

const cache = new Map<string, QrPath>()

/** The QR code of `text` (error correction M: a scuffed label still scans) as one SVG path. */
export function qrPath(text: string): QrPath {
  const cached = cache.get(text)
  if (cached) return cached
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  const { size, data } = modules
  let d = ''
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue
      let run = 1
      while (x + run < size && data[y * size + x + run]) run++
      d += `M${x} ${y}h${run}v1h-${run}z`
      x += run - 1
    }
  }
  const path = { size, d }
  if (cache.size > 20_000) cache.clear()
  cache.set(text, path)
  return path
}
