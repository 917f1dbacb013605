/** The key of `plant-store import`, remembered in the data folder until an answer comes, and found again by a retry. */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { IMPORT_RETRY_FILE, forgetImport, importKeyFor, rememberImport } from '#cli/commands/import-retry'
import { makeTempDir } from '#setup/temp-dir'

const bytes = new TextEncoder().encode('name\nFern\n')

describe('the key of plant-store import', () => {
  it('is new each time while nothing is remembered', async () => {
    const dir = await makeTempDir()
    const [a, b] = [await importKeyFor(dir, 'a.csv', 'csv', {}, bytes), await importKeyFor(dir, 'a.csv', 'csv', {}, bytes)]
    expect(a.resumed).toBe(false)
    expect(a.pending.key).not.toBe(b.pending.key)
  })

  it('is found again for the same file with the same choices while its import is unanswered, and only then', async () => {
    const dir = await makeTempDir()
    const first = await importKeyFor(dir, 'a.csv', 'csv', { decimalMark: ',', preset: 'none' }, bytes)
    expect(await rememberImport(dir, first.pending)).toBe(true)
    const retry = await importKeyFor(dir, 'a.csv', 'csv', { preset: 'none', decimalMark: ',' }, bytes) // the same choices, in another order
    expect(retry).toEqual({ pending: first.pending, resumed: true })
    expect((await importKeyFor(dir, 'a.csv', 'csv', { decimalMark: '.', preset: 'none' }, bytes)).resumed).toBe(false)
    expect((await importKeyFor(dir, 'a.csv', 'csv', { decimalMark: ',', preset: 'none' }, new TextEncoder().encode('name\nMoss\n'))).resumed).toBe(
      false
    )
    expect((await importKeyFor(dir, 'a.json', 'json', { decimalMark: ',', preset: 'none' }, bytes)).resumed).toBe(false)
  })

  it('is forgotten once answered, but never another import that took its place', async () => {
    const dir = await makeTempDir()
    const first = await importKeyFor(dir, 'a.csv', 'csv', {}, bytes)
    await rememberImport(dir, first.pending)
    const other = await importKeyFor(dir, 'b.csv', 'csv', {}, new TextEncoder().encode('name\nMoss\n'))
    await rememberImport(dir, other.pending)
    await forgetImport(dir, first.pending)
    expect(existsSync(path.join(dir, IMPORT_RETRY_FILE))).toBe(true)
    await forgetImport(dir, other.pending)
    expect(existsSync(path.join(dir, IMPORT_RETRY_FILE))).toBe(false)
    expect((await importKeyFor(dir, 'b.csv', 'csv', {}, new TextEncoder().encode('name\nMoss\n'))).resumed).toBe(false)
  })

  it('says so when it cannot be remembered (no such folder), and the import goes on', async () => {
    const missing = path.join(await makeTempDir(), 'not-there')
    expect(await rememberImport(missing, (await importKeyFor(missing, 'a.csv', 'csv', {}, bytes)).pending)).toBe(false)
  })
})

describe('plant-store import into the folder itself, cut off between the import and its summary', () => {
  it('keeps the key until the summary is printed, so running it again imports nothing twice and says so', async () => {
    const { importCommand } = await import('#cli/commands/import')
    const { ShopStore } = await import('#store')
    const dir = await makeTempDir()
    await (await ShopStore.open({ dir })).close()
    const file = path.join(await makeTempDir(), 'plants.csv')
    await writeFile(file, 'Name,Price\nFern,4.50\nMoss,2.00\n')
    const env = { PLANT_STORE_DATA: dir }
    const written: string[] = []
    // Killed right after the import, before a word of its summary: stdout is gone.
    const cut = vi.spyOn(process.stdout, 'write').mockImplementation(() => {
      throw new Error('killed before the summary')
    })
    await expect(importCommand.run([file, '--data', dir], env)).rejects.toThrow('killed before the summary')
    cut.mockRestore()
    expect(existsSync(path.join(dir, IMPORT_RETRY_FILE))).toBe(true)
    const shown = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      written.push(String(text))
      return true
    })
    try {
      expect(await importCommand.run([file, '--data', dir], env)).toBe(0)
    } finally {
      shown.mockRestore()
    }
    expect(written.join('')).toContain('Imported already by the interrupted run: nothing was imported again')
    expect(existsSync(path.join(dir, IMPORT_RETRY_FILE))).toBe(false)
    const store = await ShopStore.open({ dir })
    expect(store.size).toBe(2)
    await store.close()
  })
})
