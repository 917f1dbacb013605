/**
 * A history file is data like the journals: one that another account may
 * have written (world-writable) or that is a link to a file elsewhere must not
 * be served as the shop's history. It is kept aside and reported, as a damaged
 * one is, and the catalogue serves on (a history file never stops a start).
 */
import { chmod, readdir, rename, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import type { ChangesPage, SalesReport } from '#shared/history'
import { computerTimeZone, shopDay } from '#shared/shop-day'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

interface Health {
  status: string
  problems: { file: string; keptAs: string; problem: string }[]
}

/** A folder whose one history file holds the add of plant 1; returns the folder and that file. */
async function folderWithHistory(): Promise<{ dir: string; file: string }> {
  const first = await createTestApp()
  await first.call('POST', '/v3/plant', { name: 'Olive' })
  await first.store.close() // checkpoints: the entry goes to the month's history file
  const name = (await readdir(first.dir)).find((entry) => /^history-\d{4}-\d{2}\.jsonl$/.test(entry))!
  return { dir: first.dir, file: path.join(first.dir, name) }
}

async function expectSetAside(app: TestApp, file: string, problem: string): Promise<void> {
  expect((await app.call('GET', '/v3/plant/1')).status).toBe(200)
  const health = (await (await app.call('GET', '/v3/health')).json()) as Health
  expect(health.status).toBe('degraded')
  expect(health.problems).toEqual([expect.objectContaining({ file, problem: expect.stringContaining(problem) })])
  expect(((await (await app.call('GET', '/v3/changes?since=0')).json()) as ChangesPage).changes).toEqual([])
  await app.store.close()
}

describe.skipIf(hostPlatform() === 'win32')('a history file that cannot be trusted', () => {
  it('is kept aside and reported when other accounts can write it', async () => {
    const { dir, file } = await folderWithHistory()
    await chmod(file, 0o666)
    await expectSetAside(await createTestApp({ dir }), file, 'other accounts can change it (mode 0666)')
  })

  it('is kept aside and reported when it is a symbolic link, never read through it', async () => {
    const { dir, file } = await folderWithHistory()
    const elsewhere = path.join(await makeTempDir(), 'history.jsonl')
    await rename(file, elsewhere)
    await symlink(elsewhere, file)
    await expectSetAside(await createTestApp({ dir }), file, 'it is a symbolic link')
  })

  it('rebuilds the sales report from the log when history-sales.json is one other accounts can write', async () => {
    const { dir } = await folderWithHistory()
    const today = shopDay(new Date(), computerTimeZone()) // the shop's day: by default in the computer's zone
    const forged = path.join(dir, 'history-sales.json')
    await writeFile(forged, JSON.stringify({ upToSeq: 999, days: { [today]: { '': [99, 0, 0] } } }), { mode: 0o666 })
    await chmod(forged, 0o666)
    const app = await createTestApp({ dir })
    const report = (await (await app.call('GET', `/v3/reports/sales?from=${today}&to=${today}`)).json()) as SalesReport
    expect(report.totals.sold).toBe(0)
    await app.store.close()
  })
})
