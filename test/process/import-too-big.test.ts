/**
 * The same file must get the same answer whether or not a server runs: an
 * import over 32 MiB was refused (413) through a server and by the desktop
 * app's Open dialog, but read whole into memory and imported when no server
 * ran (a multi-gigabyte file chosen by mistake ended in a stack trace). And
 * an Excel workbook renamed .csv exited 1 through a server but 2 ("usage
 * mistake") without one: a file that is not UTF-8 is a fault of the file.
 */
import { truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_BYTES } from '#shared/import-export'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('plant-store import of a file over the import limit', () => {
  it('is refused before reading, without a server as with one, and nothing is made', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'huge stock.csv')
    await writeFile(file, 'name\nFern\n')
    await truncate(file, MAX_IMPORT_BYTES + 1)
    const result = await runCli(['import', file, '--data', path.join(dir, 'data')])
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `plant-store: ${file} is over 32 MiB, the most an import takes; split it into smaller files\n`
    })
  })
})

describe('plant-store import of a file that is no text', () => {
  it('reads a zip named .csv as a workbook and exits 1 (a fault of the file) when it is none, naming what is wrong', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'stock.csv')
    await writeFile(file, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff, 0xfe, 0x80]))
    const result = await runCli(['import', file, '--dry-run', '--data', path.join(dir, 'data')])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('row 1: the file is not an Excel workbook (.xlsx) or it is damaged; save it again from the spreadsheet, or as CSV\n')
  })

  it('refuses a JSON file that is not UTF-8', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'stock.json')
    await writeFile(file, Buffer.from([0x5b, 0x7b, 0x22, 0xff, 0x22, 0x7d, 0x5d]))
    const result = await runCli(['import', file, '--data', path.join(dir, 'data')])
    expect(result).toEqual({ code: 1, stdout: '', stderr: `plant-store: ${file} is not UTF-8 text; save the JSON in UTF-8\n` })
  })
})
