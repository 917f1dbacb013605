/**
 * The export opened and saved again by a real LibreOffice (headless `soffice`, when installed: Debian's
 * libreoffice-calc-nogui): the workbook re-saved as xlsx by LibreOffice's own writer, the workbook saved as CSV with
 * prices as shown ("1,249.00 €", semicolons), and the CSV export opened and saved as xlsx all re-import as
 * unchanged. Without LibreOffice on the machine these are skipped (the spreadsheet conventions themselves are
 * simulated in test/unit/import-round-trip.test.ts, which always runs).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { TransferFormat } from '#shared/import-export'
import { readImportNow } from '#transfer/import-file'
import { planImport } from '#transfer/import-plan'
import { plantsToCsv } from '#transfer/plant-csv'
import { plantsToXlsxNow } from '#transfer/plant-xlsx'
import { makeTempDir } from '#setup/temp-dir'
import { TRANSFER_CATALOGUE, transferLookup } from '#setup/transfer-catalogue'

const SOFFICE = '/usr/bin/soffice'
const catalogue = TRANSFER_CATALOGUE
const lookup = transferLookup

/** LibreOffice converts `file` with `filter` into `dir`; resolves with the converted file's path. */
async function convert(file: string, filter: string, extension: string, dir: string, infilter?: string): Promise<string> {
  const out = path.join(dir, `out-${extension}-${path.basename(file)}`)
  await mkdir(out, { recursive: true })
  const args = ['--headless', ...(infilter ? [`--infilter=${infilter}`] : []), '--convert-to', `${extension}:${filter}`, '--outdir', out, file]
  // A profile of its own: a running LibreOffice of the user (or another test) is never touched.
  await promisify(execFile)(SOFFICE, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, ...args], { timeout: 120_000 })
  return path.join(out, `${path.parse(file).name}.${extension}`)
}

async function unchanged(file: string, format: TransferFormat) {
  const read = readImportNow({ format, bytes: new Uint8Array(await readFile(file)) })
  return planImport(read.file, lookup).summary
}

describe.runIf(existsSync(SOFFICE))('the export saved again by LibreOffice', () => {
  it('re-imports as unchanged from LibreOffice’s xlsx and CSV', { timeout: 400_000 }, async () => {
    const dir = await makeTempDir()
    const workbook = path.join(dir, 'plants.xlsx')
    const csv = path.join(dir, 'plants.csv')
    await writeFile(workbook, plantsToXlsxNow(catalogue, { currency: 'EUR', locale: 'de-DE' }))
    await writeFile(csv, plantsToCsv(catalogue))

    const resavedWorkbook = await convert(workbook, 'Calc MS Excel 2007 XML', 'xlsx', dir)
    expect(await unchanged(resavedWorkbook, 'xlsx')).toMatchObject({ added: 0, updated: 0, unchanged: 5, errors: [] })

    // Semicolons, UTF-8, and each cell as shown: the price with its currency format ("1,249.00 €").
    const shown = await convert(workbook, 'Text - txt - csv (StarCalc):59,34,76,1,,1031,false,true,true', 'csv', dir)
    expect(await readFile(shown, 'utf8')).toContain('€')
    expect(await unchanged(shown, 'csv')).toMatchObject({ added: 0, updated: 0, unchanged: 5, errors: [] })

    const fromCsv = await convert(csv, 'Calc MS Excel 2007 XML', 'xlsx', dir, 'CSV:44,34,76,1')
    expect(await unchanged(fromCsv, 'xlsx')).toMatchObject({ added: 0, updated: 0, unchanged: 5, errors: [] })
  })
})
