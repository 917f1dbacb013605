import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '#store/file/read-catalogue'
import { makeTempDir } from '#setup/temp-dir'
import { runCli, startServe, type ServeProcess } from '#setup/serve-process'

async function post(server: ServeProcess, body: unknown) {
  const headers = server.headers({ 'content-type': 'application/json' })
  return fetch(`${server.baseUrl}/plant`, { method: 'POST', headers, body: JSON.stringify(body) })
}

describe('plant-store serve (real process)', () => {
  it('serves the contract end to end and writes server.json', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v3$/)
    const info = JSON.parse(await readFile(path.join(dir, 'server.json'), 'utf8'))
    // server.json carries the holder's identity too (holder, since, bootId, startTime), which keeps a second server out.
    expect(info).toMatchObject({ pid: server.child.pid, port: server.port, baseUrl: server.baseUrl, holder: 'plant-store serve' })

    const added = await post(server, { name: 'Monstera', category: 'Aroids', tags: ['indoor'] })
    expect(added.status).toBe(200)
    expect(await added.json()).toEqual({ id: 1, name: 'Monstera', status: 'available', tags: ['indoor'] })
    expect((await post(server, { stauts: 'sold' })).status).toBe(405)

    const updated = await fetch(`${server.baseUrl}/plant`, {
      method: 'PUT',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ id: 1, status: 'sold' })
    })
    expect(await updated.json()).toEqual({ id: 1, name: 'Monstera', status: 'sold', tags: ['indoor'] })

    const search = await fetch(`${server.baseUrl}/plant/search/status?status=sold`, { headers: server.headers() })
    expect(search.headers.get('x-total-count')).toBe('1')
    expect(await search.json()).toEqual([{ id: 1, name: 'Monstera', status: 'sold', tags: ['indoor'] }])

    // Acknowledged means on disk: the file already holds the change.
    const file = (await readCatalogue(dir))!.data // plants.json plus its journal, as the next start reads it
    expect(file.plants[0]).toMatchObject({ id: 1, category: 'Aroids', status: 'sold' })
  })

  it('stops on SIGTERM and SIGINT with exit 0, removing server.json', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dir = await makeTempDir()
      const server = await startServe(dir)
      expect(await server.stop(signal)).toBe(0)
      expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
      expect(server.output()).toMatch(/Stopped/)
    }
  })

  it('keeps ids increasing across a restart', async () => {
    const dir = await makeTempDir()
    let server = await startServe(dir)
    await post(server, { name: 'a' })
    await post(server, { name: 'b' })
    await server.stop()
    server = await startServe(dir)
    expect((await (await post(server, { name: 'c' })).json()).id).toBe(3)
  })

  it('binds to 127.0.0.1 by default even when HOST is set', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], { HOST: '0.0.0.0' })
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/)
  })

  it('fails with one clear line and exit 1 when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const dir = await makeTempDir()
      const result = await runCli(['serve', '--port', String(port), '--data', dir])
      expect(result.code).toBe(1)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
      expect(result.stderr).toContain(`Port ${port} is already in use`)
      expect(result.stderr).toContain('--port')
    } finally {
      blocker.close()
    }
  })

  it('takes the port and data directory from the environment', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], {})
    expect(existsSync(path.join(dir, 'plants.json'))).toBe(true)
    await server.stop()
    const envDir = await makeTempDir()
    const child = await runCli(['serve', '--port', 'x'], { PLANT_STORE_DATA: envDir })
    expect(child.code).toBe(2)
    expect(child.stderr).toMatch(/--port must be a port number/)
  })

  it('prints help for the bin and each command', async () => {
    const main = await runCli(['--help'])
    expect(main.code).toBe(0)
    expect(main.stdout).toMatch(/Commands:[\s\S]*serve/)
    const serve = await runCli(['serve', '--help'])
    expect(serve.code).toBe(0)
    expect(serve.stdout).toMatch(/--port N[\s\S]*--host H[\s\S]*--data DIR/)
    const unknown = await runCli(['frobnicate'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/)
  })
})
