import { chmod, readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('backup folder setting', () => {
  it('makes the server back up into backup.dir (a 0777 folder) when it stops', async () => {
    const data = await makeTempDir()
    const usb = await makeTempDir()
    await chmod(usb, 0o777)
    expect((await runCli(['config', 'set', 'backup.dir', usb, '--data', data])).code).toBe(0)
    expect((await runCli(['config', 'get', 'backup.dir', '--data', data])).stdout).toBe(`${usb}\n`)
    const server = await startServe(data)
    const response = await fetch(`${server.baseUrl}/plant`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Fern' })
    })
    expect(response.status).toBe(200)
    expect(await server.stop('SIGTERM')).toBe(0)
    const backups = (await readdir(usb)).filter((name) => name.startsWith('plants-'))
    expect(backups.length).toBeGreaterThanOrEqual(1)
    const manual = await runCli(['backup', '--to', path.join(usb, 'more'), '--data', data])
    expect(manual.stdout).toMatch(/^Backed up 1 plant to .*more\/plants-.*\.json\n$/)
  })
})
