import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BACKUPS_KEPT, BackupSchedule, backupName, latestBackup, listBackups, writeBackup } from '#store/backups/backups'
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

  it('keeps the newest of each of the last 7 days too, so ten quick backups never push out every earlier day', async () => {
    const dir = await makeTempDir()
    const day = (date: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 0, date, hour, minute))
    for (let date = 1; date <= 9; date++) {
      await writeBackup(dir, `{"day":${date},"at":9}`, day(date, 9))
      await writeBackup(dir, `{"day":${date},"at":17}`, day(date, 17))
    }
    for (let minute = 0; minute < 12; minute++) await writeBackup(dir, '{"loop":true}', day(10, 8, minute))
    const kept = (await listBackups(dir)).map((file) => path.basename(file))
    expect(kept).toEqual([
      ...[4, 5, 6, 7, 8, 9].map((date) => backupName(day(date, 17))),
      ...Array.from({ length: BACKUPS_KEPT }, (_, index) => backupName(day(10, 8, index + 2)))
    ])
  })

  it('is due at the first write, then at most once per interval', () => {
    const schedule = new BackupSchedule(60 * 60 * 1000)
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000)
    expect(schedule.claim(at(0))).toBe(true)
    expect(schedule.claim(at(1))).toBe(false)
    expect(schedule.claim(at(59))).toBe(false)
    expect(schedule.claim(at(61))).toBe(true)
  })

  it('counts the interval from the newest backup of an earlier run', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000)
    const schedule = new BackupSchedule(60 * 60 * 1000, at(0))
    expect(schedule.claim(at(30))).toBe(false)
    expect(schedule.claim(at(60))).toBe(true)
  })
})
