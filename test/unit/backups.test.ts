import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BACKUPS_KEPT, BackupSchedule, latestBackup, listBackups, writeBackup } from '#store/backups/backups'
import { makeTempDir } from '#setup/temp-dir'

describe('backups', () => {
  it('writes under backups/ with the time in the name and keeps the newest 10', async () => {
    const dir = await makeTempDir()
    for (let i = 0; i < 12; i++) await writeBackup(dir, `{"n":${i}}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)))
    const all = await listBackups(dir)
    expect(all).toHaveLength(BACKUPS_KEPT)
    expect(path.basename(all[0]!)).toBe('plants-2026-01-01T00-00-02-000Z.json')
    expect(await readFile((await latestBackup(dir))!, 'utf8')).toBe('{"n":11}')
  })

  it('never overwrites a backup made in the same millisecond', async () => {
    const dir = await makeTempDir()
    const at = new Date()
    const a = await writeBackup(dir, '{"a":1}', at)
    const b = await writeBackup(dir, '{"b":2}', at)
    expect(a).not.toBe(b)
    expect(await readFile(a, 'utf8')).toBe('{"a":1}')
  })

  it('is due at the first write, then at most once per interval', () => {
    const schedule = new BackupSchedule(60 * 60 * 1000)
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000)
    expect(schedule.claim(at(0))).toBe(true)
    expect(schedule.claim(at(1))).toBe(false)
    expect(schedule.claim(at(59))).toBe(false)
    expect(schedule.claim(at(61))).toBe(true)
  })
})
