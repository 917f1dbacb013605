/** A file whose name lies about its format (JSON named .csv, CSV named .json) is refused in words, not a parser's. */
import { describe, expect, it } from 'vitest'
import type { TransferFormat } from '#shared/import-export'
import { readImport, readImportNow } from '#transfer/import-file'

const request = (format: TransferFormat, text: string) => ({ format, bytes: new TextEncoder().encode(text) })

describe('a file named as another format', () => {
  it.each([
    ['csv', '\uFEFF[{"name":"Json plant","price":3}]', /^this file holds JSON \(it starts with \[\), not CSV: name it \.json/],
    ['json', 'name,price\nX,3\n', /^this file is not JSON \(it starts with "name,price"\): if it is a CSV file, name it \.csv/]
  ] as const)('is refused in words when read as %s, at once and in slices', async (format, text, message) => {
    for (const read of [readImportNow(request(format, text)), await readImport(request(format, text))]) {
      expect(read.file.errors).toEqual([{ row: 1, field: '', message: expect.stringMatching(message) }])
      expect(read.file.errors[0]!.message).not.toMatch(/\n|Invalid Opening Quote|Unexpected token/)
    }
  })

  it('leaves a CSV file whose first heading is in brackets, and a JSON file, as they are', () => {
    const bracketed = readImportNow(request('csv', '[Name],Price\nFern,3\n'))
    expect(bracketed.mapping!.columns.map((column) => column.heading)).toEqual(['[Name]', 'Price'])
    expect(bracketed.file.errors.map((error) => error.message).join()).not.toContain('JSON')
    expect(readImportNow(request('json', ' [{"name":"Fern"}]')).file.errors).toEqual([])
  })
})
