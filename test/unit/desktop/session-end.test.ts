import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { releaseDataFolderNow } from '#desktop/session-end'
import { makeTempDir } from '#setup/temp-dir'

describe('releaseDataFolderNow (the end of a Windows session)', () => {
  it('removes this process’s lock and server.json, synchronously', async () => {
    const dir = await makeTempDir()
    writeFileSync(path.join(dir, 'lock'), JSON.stringify({ pid: 4242, holder: 'the Plant Store desktop app', since: 'now' }))
    writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: 4242, port: 7420, baseUrl: 'http://127.0.0.1:7420/v3' }))
    expect(releaseDataFolderNow(dir, 4242)).toEqual([path.join(dir, 'server.json'), path.join(dir, 'lock')])
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
  })

  it('leaves another process’s files (and damaged ones) alone', async () => {
    const dir = await makeTempDir()
    writeFileSync(path.join(dir, 'lock'), JSON.stringify({ pid: 1, holder: 'plant-store serve', since: 'now' }))
    writeFileSync(path.join(dir, 'server.json'), '{"pid":')
    expect(releaseDataFolderNow(dir, 4242)).toEqual([])
    expect(existsSync(path.join(dir, 'lock'))).toBe(true)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(true)
    expect(releaseDataFolderNow(path.join(dir, 'gone'), 4242)).toEqual([])
  })
})
