import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { backUpTo } from '#backup-folder/offsite-backup'
import { writeSetting } from '#settings/settings'
import { ShopStore, type PlantChange } from '#store/shop-store'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'
import { CLI_ACTOR } from '#store'

const SAMPLES = [
  { name: 'Monstera', category: 'Aroids', tags: ['indoor', 'shade'], status: 'available' },
  { name: '=cmd|calc', tags: ['-dry'], status: 'pending' },
  { name: 'Fern, "Boston"', category: 'Fougère', status: 'sold' },
  { category: 'Cacti' }
]

async function seeded(): Promise<TestApp & { events: PlantChange[] }> {
  const test = await createTestApp()
  for (const plant of SAMPLES) expect((await test.call('POST', '/v3/plant', plant)).status).toBe(200)
  const events: PlantChange[] = []
  test.store.onChange((change) => events.push(change))
  return { ...test, events }
}

/** The bytes of every file in the data folder (plants.json and journals), to prove that nothing was written. */
async function folderBytes(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((name) => name !== 'backups').sort()
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), 'utf8')])))
}

const importFile = (test: TestApp, body: string, query: string, type = 'text/csv') =>
  test.call('POST', `/v3/import?${query}`, body, { 'content-type': type })

describe('GET /v3/export (extension)', () => {
  it('downloads CSV with a BOM, CRLF, quoting, a dated file name and the formula guard', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/export?format=csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="plants-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('id,name,category,tags,status,price,createdAt,updatedAt')
    expect(lines[2]).toMatch(/^2,'=cmd\|calc,,'-dry,pending,/)
    expect(lines[3]).toMatch(/^3,"Fern, ""Boston""",Fougère,,sold,/)
    expect(lines).toHaveLength(6) // header, 4 plants, and the empty rest after the last CRLF
  })

  it('filters by status like the search and exports JSON as full plants', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/export?format=json&status=pending,sold')
    expect(response.headers.get('content-disposition')).toMatch(/filename="plants-.*\.json"/)
    const all = await (await test.call('GET', '/v3/plant?status=pending,sold')).json()
    expect(await response.json()).toEqual(all)
  })

  it('names every faulty query parameter in one 400', async () => {
    const test = await seeded()
    const response = await test.call('GET', '/v3/export?format=pdf&status=Sould&limit=3')
    expect(response.status).toBe(400)
    expect((await response.json()).errors.map((error: { field: string }) => error.field).sort()).toEqual(['format', 'limit', 'status'])
  })
})

describe('POST /v3/import (extension)', () => {
  it.each(['csv', 'json'])('imports its own %s export back as all unchanged and writes nothing', async (format) => {
    const test = await seeded()
    const file = await (await test.call('GET', `/v3/export?format=${format}`)).text()
    const before = await folderBytes(test.dir)
    const type = format === 'csv' ? 'text/csv' : 'application/json'
    for (const dryRun of ['true', 'false']) {
      const response = await importFile(test, file, `dryRun=${dryRun}`, type)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        added: 0,
        updated: 0,
        unchanged: 4,
        warnings: [],
        errors: [],
        changes: [],
        applied: dryRun === 'false',
        ...(format === 'csv'
          ? { mapping: expect.objectContaining({ preset: { id: 'plant-store', name: 'Plant Store export' }, remembered: false }) }
          : {})
      })
    }
    expect(await folderBytes(test.dir)).toEqual(before)
    expect(test.events).toEqual([])
  })

  it('previews a dry run without changing anything, then applies exactly the edited cells as one batch', async () => {
    const test = await seeded()
    const csv = await (await test.call('GET', '/v3/export')).text()
    const edited =
      csv.replace(',Monstera,', ',Monstera deliciosa,').replace(',sold,', ',available,').replace(',Cacti,,', ',Cacti,"sun, dry",') +
      ',New plant,,,pending,,\r\n'
    const before = await folderBytes(test.dir)
    const preview = await (await importFile(test, edited, 'dryRun=true')).json()
    expect(preview).toMatchObject({ added: 1, updated: 3, unchanged: 1, errors: [], applied: false })
    expect(preview.changes[0]).toEqual({
      row: 2,
      id: 1,
      name: 'Monstera deliciosa',
      before: { name: 'Monstera' },
      after: { name: 'Monstera deliciosa' }
    })
    expect(await folderBytes(test.dir)).toEqual(before)

    const journalLines = async () => (await readFile(path.join(test.dir, 'journal-000001.jsonl'), 'utf8')).split('\n').filter(Boolean).length
    const linesBefore = await journalLines()
    const applied = await importFile(test, edited, 'dryRun=false')
    expect(applied.status).toBe(200)
    expect(await applied.json()).toMatchObject({ added: 1, updated: 3, unchanged: 1, applied: true })
    expect(await journalLines()).toBe(linesBefore + 1) // one journal line: one fsync for the whole import
    expect(test.events).toEqual([{ type: 'import.applied', added: 1, updated: 3, seq: expect.any(Number) }])
    expect(test.store.get(3)).toMatchObject({ name: 'Fern, "Boston"', status: 'available' })
    expect(test.store.get(4)).toMatchObject({ tags: ['sun', 'dry'] })
    expect(test.store.get(5)).toMatchObject({ id: 5, name: 'New plant', status: 'pending' })

    await test.store.close()
    const reopened = await ShopStore.open({ dir: test.dir })
    expect(reopened.get(1)?.name).toBe('Monstera deliciosa')
    expect(reopened.size).toBe(5)
    await reopened.close()
  })

  it('answers 422 with every row error and changes nothing when an applied import has errors', async () => {
    const test = await seeded()
    const before = await folderBytes(test.dir)
    const csv = 'id;status;name\n1;sold;ok\n2;Sould;x\n77;sold;y\n;available;\n'
    const response = await importFile(test, csv, 'dryRun=false')
    expect(response.status).toBe(422)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    const body = await response.json()
    expect(body.detail).toBe(
      'Nothing was imported: the file has 3 errors, the first being row 3, status: the status word "Sould" (rows 3) is not known: choose what it means (available, pending, sold, or leave those rows out). Fix the rows and import again.'
    )
    expect(body.errors).toEqual([
      { row: 3, field: 'status', message: expect.stringContaining('the status word "Sould" (rows 3) is not known') },
      { row: 4, field: 'id', message: 'there is no plant with id 77; leave id empty to add a new plant' },
      { row: 5, field: 'name', message: 'the row has no name: give the plant a name (or the id of a plant to update)' }
    ])
    expect(await folderBytes(test.dir)).toEqual(before)
    expect(test.store.get(1)?.status).toBe('available')
    // The dry run of the same file answers 200 with the same errors.
    expect((await (await importFile(test, csv, 'dryRun=true')).json()).errors).toEqual(body.errors)
  })

  it('accepts bodies above the 1 MiB API limit, and refuses other media types and bad parameters', async () => {
    const test = await createTestApp()
    const rows = Array.from({ length: 15_000 }, (_, index) => `,Plant number ${index} with a fairly long name,Category,"tag a, tag b",available`)
    const big = ['id,name,category,tags,status', ...rows].join('\n')
    expect(big.length).toBeGreaterThan(1024 * 1024)
    expect(await (await importFile(test, big, 'dryRun=true')).json()).toMatchObject({ added: 15_000, errors: [] })
    expect((await importFile(test, big, 'dryRun=true', 'application/pdf')).status).toBe(415)
    expect((await importFile(test, big, 'dryRun=true', 'text/csv; charset=latin1')).status).toBe(415)
    expect((await importFile(test, '', 'dryRun=maybe&x=1')).status).toBe(400)
    const gzipped = await test.call('POST', '/v3/import?dryRun=true', big, { 'content-type': 'text/csv', 'content-encoding': 'gzip' })
    expect(gzipped.status).toBe(415)
    expect((await test.call('GET', '/v3/import')).status).toBe(405)
  })

  it('refuses a body over 32 MiB while reading it, without reading the rest', async () => {
    const test = await createTestApp()
    const chunk = new Uint8Array(1024 * 1024).fill(0x61)
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++pulled > 64) controller.close()
        else controller.enqueue(chunk)
      }
    })
    const response = await test.call('POST', '/v3/import?dryRun=true', body, { 'content-type': 'text/csv' })
    expect(response.status).toBe(413)
    expect((await response.json()).detail).toContain('32 MiB')
    expect(pulled).toBeLessThan(40)
  })
})

describe('GET /v3/backup (extension)', () => {
  it('reports the backup folder setting, whether it is there, and the last backup', async () => {
    const test = await createTestApp()
    expect(await (await test.call('GET', '/v3/backup')).json()).toEqual({ dir: null, present: false, last: null, warnings: [] })
    const usb = await makeTempDir()
    await writeSetting(test.dir, 'backup.dir', usb)
    await test.store.add({ name: 'Fern' }, CLI_ACTOR)
    const made = await backUpTo(test.dir, usb)
    expect(await (await test.call('GET', '/v3/backup')).json()).toEqual({
      dir: usb,
      present: true,
      last: { at: expect.any(String), dir: usb, file: made!.file },
      warnings: []
    })
  })
})
