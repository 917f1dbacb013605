/**
 * `plant-store import` against a running `serve`, cut off by Ctrl+C after the server applied the file but before its
 * answer came (a proxy between them holds the answer, so the moment is certain, with no sleep): the command says so,
 * exit 130, and the same command run again sends the same Idempotency-Key, so every row is imported once.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { BIN, SERVE_TOKEN, runCli, startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

/** The request headers the proxy passes on (fetch refuses hop-by-hop ones). */
const PASSED = ['authorization', 'content-type', 'accept', 'idempotency-key', 'x-plant-store-client']

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A proxy to `server` that, while `hold.on`, passes an import on but keeps its answer, resolving `applied` with it. */
async function holdingProxy(server: ServeProcess) {
  let applied!: (answer: string) => void
  const hold = { on: true, applied: new Promise<string>((resolve) => (applied = resolve)) }
  const proxy = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request)
      const headers = Object.fromEntries(PASSED.flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])))
      const upstream = await fetch(`http://127.0.0.1:${server.port}${request.url}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body
      })
      const text = Buffer.from(await upstream.arrayBuffer())
      if (hold.on && request.url!.startsWith('/v3/import')) return applied(text.toString('utf8')) // never answered
      const replayed = upstream.headers.get('idempotent-replayed')
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
        ...(replayed ? { 'idempotent-replayed': replayed } : {})
      })
      response.end(text)
    })()
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  onTestFinished(() => void proxy.closeAllConnections())
  onTestFinished(() => new Promise<void>((resolve) => proxy.close(() => resolve())))
  return { port: (proxy.address() as AddressInfo).port, hold }
}

describe('plant-store import cut off and run again (real processes)', () => {
  it('imports every row once: the retry sends the key of the interrupted run', { timeout: 120_000 }, async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    const csv = path.join(await makeTempDir(), 'new plants.csv')
    await writeFile(csv, 'name,price\nFern,4.50\nMoss,2.00\n')
    const { port, hold } = await holdingProxy(server)
    // The CLI finds the server through server.json: point it at the proxy.
    const runtime = path.join(dir, 'server.json')
    const info = JSON.parse(await readFile(runtime, 'utf8')) as { baseUrl: string }
    await writeFile(runtime, JSON.stringify({ ...info, port, baseUrl: info.baseUrl.replace(`:${server.port}/`, `:${port}/`) }))
    const env = { ...process.env, NODE_ENV: 'production', PLANT_STORE_TOKEN: SERVE_TOKEN }

    const cli = spawn(process.execPath, [BIN, 'import', csv, '--data', dir], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    cli.stderr.on('data', (chunk) => (stderr += chunk))
    expect(JSON.parse(await hold.applied)).toMatchObject({ added: 2, applied: true }) // the server applied it
    cli.kill('SIGINT')
    const [code] = (await once(cli, 'exit')) as [number | null]
    expect(code).toBe(130)
    expect(stderr).toMatch(/Run the same command again/)
    expect(existsSync(path.join(dir, 'import-retry.json'))).toBe(true)

    hold.on = false
    const again = await runCli(['import', csv, '--data', dir], { PLANT_STORE_TOKEN: SERVE_TOKEN })
    expect(again.code).toBe(0)
    expect(again.stderr).toMatch(/again under the key of the run interrupted/)
    expect(again.stdout).toMatch(/^Imported already by the interrupted run: nothing was imported again/)
    const plants = (await (await fetch(`${server.baseUrl}/plant`, { headers: server.headers() })).json()) as { name: string }[]
    expect(plants.map((plant) => plant.name)).toEqual(['Fern', 'Moss'])
    expect(existsSync(path.join(dir, 'import-retry.json'))).toBe(false)
  })
})
