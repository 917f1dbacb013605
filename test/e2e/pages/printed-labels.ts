/**
 * Reads a printed labels PDF as a person and a scanner would: its text
 * (`pdftotext`), its page sizes (`pdfinfo`), and the QR code in one label's
 * area of a page rendered by `pdftoppm`, decoded with jsQR.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { makeTempDir } from '#setup/temp-dir'

const run = promisify(execFile)

export interface PrintedLabels {
  /** All text, white space (line breaks in a wrapped name) folded to single spaces. */
  text: string
  pages: number
  /** Width × height of the first page in mm, rounded. */
  pageSizeMm: [number, number]
  /** Decodes the QR code inside the area (mm from the page's top left) of page `page` (1-based). */
  decodeQr(page: number, area: { x: number; y: number; width: number; height: number }): Promise<string | undefined>
}

const DPI = 200
const MM_PER_POINT = 25.4 / 72

export async function readPrintedLabels(pdf: Buffer): Promise<PrintedLabels> {
  const dir = await makeTempDir()
  const file = path.join(dir, 'labels.pdf')
  await writeFile(file, pdf)
  const text = (await run('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ')
  const { stdout: info } = await run('pdfinfo', [file])
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)
  const pageSizeMm: [number, number] = [Math.round(Number(size?.[1]) * MM_PER_POINT), Math.round(Number(size?.[2]) * MM_PER_POINT)]
  return {
    text,
    pages,
    pageSizeMm,
    async decodeQr(page, area) {
      const px = (mm: number) => String(Math.round((mm / 25.4) * DPI))
      const out = path.join(dir, `page-${page}`)
      const crop = ['-x', px(area.x), '-y', px(area.y), '-W', px(area.width), '-H', px(area.height)]
      await run('pdftoppm', ['-png', '-r', String(DPI), '-f', String(page), '-l', String(page), '-singlefile', ...crop, file, out])
      const png = PNG.sync.read(await readFile(`${out}.png`))
      return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
    }
  }
}
