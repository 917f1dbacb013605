import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChangesPage } from '#shared/history'
import { createTestApp } from '#setup/in-process'

describe('a damaged history file', () => {
  it('is kept aside and reported at GET /v3/health, while the catalogue and the rest of the history serve on', async () => {
    let now = new Date('2026-10-10T10:00:00.000Z')
    const first = await createTestApp({ now: () => now })
    await first.call('POST', '/v3/plant', { name: 'Olive' })
    now = new Date('2026-11-10T10:00:00.000Z')
    await first.call('PUT', '/v3/plant', { id: 1, status: 'sold' })
    await first.store.close()
    const october = path.join(first.dir, 'history-2026-10.jsonl')
    await writeFile(october, 'not a change\n' + (await readFile(october, 'utf8')))

    const app = await createTestApp({ dir: first.dir })
    expect((await app.call('GET', '/v3/plant/1')).status).toBe(200)
    const health = (await (await app.call('GET', '/v3/health')).json()) as { status: string; problems: { file: string; keptAs: string }[] }
    expect(health.status).toBe('degraded')
    expect(health.problems).toEqual([
      expect.objectContaining({ kind: 'history-file-damaged', file: october, problem: expect.stringContaining('line 1') })
    ])
    expect(await readdir(first.dir)).toContain(path.basename(health.problems[0]!.keptAs))
    const changes = (await (await app.call('GET', '/v3/changes?since=0')).json()) as ChangesPage
    expect(changes.changes.map((change) => change.seq)).toEqual([2])
    await app.call('PUT', '/v3/plant', { id: 1, status: 'available' })
    await app.store.checkpoint()
    expect(((await (await app.call('GET', '/v3/changes?since=2')).json()) as ChangesPage).changes.map((change) => change.seq)).toEqual([3])
  })

  it('is ok when every history file reads well', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Olive' })
    await app.store.checkpoint()
    expect(await (await app.call('GET', '/v3/health')).json()).toEqual({ status: 'ok', problems: [] })
  })
})
