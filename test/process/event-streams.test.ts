/**
 * Against the real `plant-store serve`: change streams are
 * bounded in what they hold for clients that do not read, measured on the
 * server process's memory. (Their number: test/api/event-stream-limit.test.ts.
 * The full measurement, 30 streams and 4,000 changes, is bench/event-streams.mjs.)
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

/** RSS of the server in MiB, from /proc. */
function rssMiB(server: ServeProcess): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024
}

/** Opens /v3/events on a raw socket; resolves with the socket and the status line once the answer starts. */
function openStream(server: ServeProcess): Promise<{ socket: Socket; status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(`GET /v3/events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\n\r\n`)
    })
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      socket.off('data', onData)
      // From now on this client reads nothing: what the server sends piles up until the server gives up on it.
      socket.pause()
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head })
    }
    socket.on('data', onData)
    socket.on('error', reject)
  })
}

/** A plant with every field at its length limit: each change event is as large as one can be (≈ 2.4 KB). */
function fullPlant(index: number) {
  const text = (prefix: string, length: number) => `${prefix} ${index} `.padEnd(length, 'x')
  return { name: text('Plant', 200), category: text('Category', 200), tags: Array.from({ length: 32 }, (_, t) => text(`tag${t}`, 50)) }
}

function send(server: ServeProcess, agent: http.Agent, method: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }
    const request = http.request({ host: '127.0.0.1', port: server.port, method, path: '/v3/plant', agent, headers }, (response) => {
      response.resume().on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

describe('change streams (real process)', () => {
  it('closes streams whose clients do not read, and stays within a memory budget', async () => {
    const server = await startServe(await makeTempDir())
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
    for (let id = 1; id <= 100; id++) expect(await send(server, agent, 'POST', fullPlant(id))).toBe(200)
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream(server)))
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200, 200])
    const start = rssMiB(server)
    let peak = start
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server))), 20)
    // 6,000 updates of full-size plants: ≈ 14 MB of events for each stream, far more than the kernel's socket buffers hold.
    for (let i = 0; i < 6000; i += 8) {
      const batch = Array.from({ length: 8 }, (_, k) => send(server, agent, 'PUT', { id: ((i + k) % 100) + 1, ...fullPlant(i + k) }))
      expect(new Set(await Promise.all(batch))).toEqual(new Set([200]))
    }
    clearInterval(sampler)
    agent.destroy()
    await expect.poll(() => server.output().match(/closed a change stream: its client left more than 1048576 bytes unread/g)).toHaveLength(6)
    // Before the bound, the same run grew the server by about 190 MiB (6 streams × 6,000 events kept in memory).
    expect(peak - start).toBeLessThan(100)
    // A client that reads again gets what was already on its way, then the end of the connection.
    const [first] = streams
    const ended = new Promise<number>((resolve) => {
      let received = 0
      first!.socket.on('data', (chunk: Buffer) => (received += chunk.length))
      first!.socket.on('close', () => resolve(received))
    })
    first!.socket.resume()
    expect(await ended).toBeLessThan(14 * 1024 * 1024)
    for (const { socket } of streams) socket.destroy()
  })
})
