/**
 * A restore replaces the catalogue without a change of its own in the log, so
 * a cursor from before it (a script's `since`, the UI's Last-Event-ID) must
 * not be answered "nothing changed": it is answered as one older than the kept
 * history (410 with oldestSeq, `event: reset`), and following on from
 * oldestSeq − 1 gives the changes made after the restore.
 */
import { copyFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChangesPage, Health } from '#shared/history'
import { DATA_FILE_NAME } from '#store/file/read-catalogue'
import { restoreFromBackup } from '#store/backups/restore'
import { replayMissed } from '#server/routes/events/event-replay'
import { createTestApp, type TestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

async function lastSeq(app: TestApp): Promise<number> {
  return (await json<ChangesPage>(await app.call('GET', '/v3/changes?since=0&limit=1000'))).next
}

/** A catalogue with a backup of it, then more changes; returns the restored app and the last seq before the restore. */
async function restoredAfterMoreChanges(): Promise<{ app: TestApp; before: number }> {
  const app = await createTestApp()
  const { id } = await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Olive tree' }))
  await app.store.checkpoint()
  const backup = path.join(await makeTempDir(), 'backup.json')
  await copyFile(path.join(app.dir, DATA_FILE_NAME), backup)
  await app.call('PUT', '/v3/plant', { id, status: 'sold' })
  await app.call('POST', '/v3/plant', { name: 'Fern' })
  const before = await lastSeq(app)
  await app.store.close()
  await restoreFromBackup(app.dir, backup)
  return { app: await createTestApp({ dir: app.dir }), before }
}

describe('the change log after a restore', () => {
  it('answers a cursor from before the restore with 410, and following on from oldestSeq − 1 gives the later changes', async () => {
    const { app, before } = await restoredAfterMoreChanges()
    const gone = await app.call('GET', `/v3/changes?since=${before}`)
    expect(gone.status).toBe(410)
    const { oldestSeq } = await json<{ oldestSeq: number }>(gone)
    expect(oldestSeq).toBeGreaterThan(before)
    const { id } = await json<{ id: number }>(await app.call('POST', '/v3/plant', { name: 'Rose' }))
    const page = await json<ChangesPage>(await app.call('GET', `/v3/changes?since=${oldestSeq - 1}`))
    expect(page.changes.map((change) => [change.type, change.plantId])).toEqual([['plant.added', id]])
    expect(page.changes[0]!.seq).toBeGreaterThan(before)
    await app.store.close()
  })

  it('GET /v3/health says when a backup was put back, from a backup of when, and by what', async () => {
    const fresh = await createTestApp()
    expect((await json<Health>(await fresh.call('GET', '/v3/health'))).restored).toBeUndefined()
    await fresh.store.close()
    const { app, before } = await restoredAfterMoreChanges()
    const { restored } = await json<Health>(await app.call('GET', '/v3/health'))
    expect(restored).toMatchObject({ by: 'cli', seq: expect.any(Number) as number })
    expect(restored!.seq).toBeGreaterThan(before)
    expect(Date.parse(restored!.at)).toBeGreaterThanOrEqual(Date.parse(restored!.backupMadeAt))
    await app.store.close()

    // A backup's own name says when it was made; the desktop app says it was the one.
    const named = await createTestApp()
    await named.call('POST', '/v3/plant', { name: 'Fern' })
    await named.store.checkpoint()
    const backup = path.join(await makeTempDir(), 'plants-2026-11-22T08-00-00-000Z.json')
    await copyFile(path.join(named.dir, DATA_FILE_NAME), backup)
    await named.store.close()
    await restoreFromBackup(named.dir, backup, { by: 'app', at: new Date('2026-11-27T14:05:00Z') })
    const reopened = await createTestApp({ dir: named.dir })
    expect((await json<Health>(await reopened.call('GET', '/v3/health'))).restored).toMatchObject({
      at: '2026-11-27T14:05:00.000Z',
      backupMadeAt: '2026-11-22T08:00:00.000Z',
      by: 'app'
    })
    await reopened.store.close()
  })

  it('tells a stream reconnecting with a Last-Event-ID from before the restore to reset', async () => {
    const { app, before } = await restoredAfterMoreChanges()
    const sent: string[] = []
    await replayMissed(app.store, before, { held: [] }, { maxBytes: 1 << 20, allowed: true }, (chunk) => sent.push(new TextDecoder().decode(chunk)))
    expect(sent.join('')).toContain('event: reset')
    await app.store.close()
  })

  it('answers a cursor beyond the newest change (from a copy of the catalogue restored elsewhere) as it answers an old one', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Olive tree' })
    const ahead = await app.call('GET', '/v3/changes?since=999')
    expect(ahead.status).toBe(410)
    expect(await json<{ oldestSeq: number }>(ahead)).toMatchObject({ oldestSeq: 1 })
    const sent: string[] = []
    await replayMissed(app.store, 999, { held: [] }, { maxBytes: 1 << 20, allowed: true }, (chunk) => sent.push(new TextDecoder().decode(chunk)))
    expect(sent.join('')).toContain('event: reset')
    expect((await app.call('GET', '/v3/changes?since=1')).status).toBe(200)
  })
})
