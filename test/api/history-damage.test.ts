import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChangesPage, Health, HealthProblem, PlantHistoryPage, SalesReport } from '#shared/history'
import { createTestApp, type TestApp } from '#setup/in-process'

/** Where the health's first problem, a damaged history file, was set aside. */
const keptAsOf = (health: Health) => (health.problems[0] as Extract<HealthProblem, { keptAs: string }>).keptAs

async function json<T>(response: Response): Promise<T> {
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

/** October: Olive added (1), sold (2), Fig added (3); November: Olive back (4). All in the history files. */
async function twoMonths(): Promise<{ dir: string; october: string }> {
  let now = new Date('2026-10-10T10:00:00.000Z')
  const first = await createTestApp({ now: () => now })
  await first.call('POST', '/v3/plant', { name: 'Olive', category: 'Trees' })
  await first.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
  await first.call('POST', '/v3/plant', { name: 'Fig' })
  now = new Date('2026-11-10T10:00:00.000Z')
  await first.call('PUT', '/v3/plant', { id: 1, status: 'available' })
  await first.store.close()
  return { dir: first.dir, october: path.join(first.dir, 'history-2026-10.jsonl') }
}

/** Line `number` (from 1) of `file` with the bytes from `from` (a text in it) to its end overwritten by NULs, as a zeroed disk block leaves it. */
async function zeroTheEndOfLine(file: string, number: number, from: string): Promise<string> {
  const lines = (await readFile(file, 'utf8')).split('\n')
  const line = lines[number - 1]!
  const at = line.indexOf(from)
  lines[number - 1] = line.slice(0, at) + '\0'.repeat(line.length - at)
  await writeFile(file, lines.join('\n'))
  return line
}

async function healthOf(app: TestApp): Promise<Health> {
  return json<Health>(await app.call('GET', '/v3/health'))
}

describe('a damaged history file', () => {
  it('has a line of garbage set aside and reported at GET /v3/health, while the rest of the file serves on', async () => {
    const { dir, october } = await twoMonths()
    await writeFile(october, 'not a change\n' + (await readFile(october, 'utf8')))

    const app = await createTestApp({ dir })
    expect((await app.call('GET', '/v3/plant/1')).status).toBe(200)
    const health = await healthOf(app)
    expect(health.status).toBe('degraded')
    expect(health.problems).toEqual([
      { kind: 'history-lines-damaged', file: october, keptAs: expect.any(String), problem: expect.stringContaining('line 1'), lines: 1 }
    ])
    expect(await readFile(keptAsOf(health), 'utf8')).toBe('not a change\n')
    const changes = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0'))
    expect(changes.changes.map((change) => change.seq)).toEqual([1, 2, 3, 4])
    await app.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    await app.store.checkpoint()
    expect((await json<ChangesPage>(await app.call('GET', '/v3/changes?since=4'))).changes.map((change) => change.seq)).toEqual([5])
  })

  it('has a damaged line in its middle (a zeroed block) set aside: changes, the sales report and the plant’s history serve the rest, and health says so', async () => {
    const { dir, october } = await twoMonths()
    const sale = await zeroTheEndOfLine(october, 2, '"at"') // its seq and plantId still read
    const app = await createTestApp({ dir })

    const changes = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0'))
    expect(changes.changes.map((change) => change.seq)).toEqual([1, 3, 4])
    const history = await json<PlantHistoryPage>(await app.call('GET', '/v3/plant/1/history'))
    expect(history.changes.map((change) => change.seq)).toEqual([1, 4])
    const report = await json<SalesReport>(await app.call('GET', '/v3/reports/sales?from=2026-10-01&to=2026-11-30&groupBy=category'))
    expect(report.totals.returned).toBe(1)
    const health = await healthOf(app)
    expect(health).toEqual({
      status: 'degraded',
      problems: [{ kind: 'history-lines-damaged', file: october, keptAs: expect.any(String), problem: expect.stringContaining('line 2'), lines: 1 }],
      scope: 'owner'
    })
    const keptAs = keptAsOf(health)
    expect(await readFile(keptAs, 'utf8')).toBe(sale.slice(0, sale.indexOf('"at"')) + '\0'.repeat(sale.length - sale.indexOf('"at"')) + '\n')
    expect((await readFile(october, 'utf8')).split('\n').map((line) => line.slice(0, 8))).toEqual(['{"seq":1', '{"seq":3', ''])
    await app.store.close()

    const again = await createTestApp({ dir })
    expect(await healthOf(again)).toEqual({ status: 'ok', problems: [], scope: 'owner' }) // set aside once, not found again at every start
    expect(await readdir(dir)).toContain(path.basename(keptAs))
  })

  it('has a line whose text changed but still reads as JSON caught by its checksum', async () => {
    const { dir, october } = await twoMonths()
    await writeFile(october, (await readFile(october, 'utf8')).replace('"name":"Fig"', '"name":"Fog"'))
    const app = await createTestApp({ dir })
    const changes = await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0'))
    expect(changes.changes.map((change) => change.seq)).toEqual([1, 2, 4])
    expect((await healthOf(app)).problems).toEqual([expect.objectContaining({ problem: 'line 3: it does not match its checksum' })])
  })

  it('written before lines carried checksums still reads, and a line of it that is not a whole entry is set aside', async () => {
    const { dir, october } = await twoMonths()
    const unsummed = (text: string) => text.replace(/,"crc":"[0-9a-f]{8}"\}$/gm, '}')
    await writeFile(october, unsummed(await readFile(october, 'utf8')))
    const november = path.join(dir, 'history-2026-11.jsonl')
    await writeFile(november, unsummed(await readFile(november, 'utf8')))
    expect(await readFile(october, 'utf8')).not.toContain('"crc"')
    const clean = await createTestApp({ dir })
    expect((await json<ChangesPage>(await clean.call('GET', '/v3/changes?since=0'))).changes.map((change) => change.seq)).toEqual([1, 2, 3, 4])
    expect((await healthOf(clean)).status).toBe('ok')
    await clean.store.close()

    await zeroTheEndOfLine(october, 3, '"by"')
    const app = await createTestApp({ dir })
    expect((await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0'))).changes.map((change) => change.seq)).toEqual([1, 2, 4])
    expect((await healthOf(app)).problems).toEqual([expect.objectContaining({ kind: 'history-lines-damaged', problem: 'line 3: it is not JSON' })])
  })

  it('is ok when every history file reads well', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Olive' })
    await app.store.checkpoint()
    expect(await (await app.call('GET', '/v3/health')).json()).toEqual({ status: 'ok', problems: [], scope: 'owner' })
  })
})
