/**
 * Against the real `plant-store serve`: a refusal to a
 * request whose body is still coming (401, 403, 413) ends the connection at
 * once instead of reading the rest of the body.
 */
import { readFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const MiB = 1024 * 1024
const BODY_BYTES = 64 * MiB

interface Upload {
  /** Everything the server answered. */
  answer: string
  /** Bytes of body the client managed to hand to its socket before the server closed the connection. */
  sent: number
  /** False when the connection was still open after the deadline. */
  closed: boolean
}

/**
 * Sends `head` and then streams a 64 MiB body as fast as the server takes it,
 * until the server closes the connection or the deadline passes.
 */
function streamUpload(port: number, head: string, chunked: boolean, deadlineMs = 60_000): Promise<Upload> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const piece = Buffer.alloc(64 * 1024, 0x20)
    const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece
    let sent = 0
    let answer = ''
    let open = true
    const pump = () => {
      while (open && sent < BODY_BYTES) {
        sent += piece.length
        if (!socket.write(framed)) return void socket.once('drain', pump)
      }
    }
    const timer = setTimeout(() => finish(false), deadlineMs)
    const finish = (closed: boolean) => {
      if (!open) return
      open = false
      clearTimeout(timer)
      socket.destroy()
      resolve({ answer, sent, closed })
    }
    socket.on('connect', () => {
      socket.write(head)
      pump()
    })
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    // A write after the server closed fails (EPIPE/ECONNRESET): that is the close this test waits for.
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(true))
  })
}

/** Bytes the server process has read through system calls so far (sockets included), from /proc. */
async function bytesReadBy(server: ServeProcess): Promise<number> {
  const io = await readFile(`/proc/${server.child.pid}/io`, 'utf8')
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1])
}

function uploadHead(server: ServeProcess, headers: string[], chunked: boolean): string {
  const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${BODY_BYTES}`
  return ['POST /v3/plant HTTP/1.1', 'Content-Type: application/json', framing, ...headers].join('\r\n') + '\r\n\r\n'
}

async function expectClosedAfter(server: ServeProcess, status: number, headers: string[], chunked = false): Promise<void> {
  const before = await bytesReadBy(server)
  const upload = await streamUpload(server.port, uploadHead(server, headers, chunked), chunked)
  const read = (await bytesReadBy(server)) - before
  expect(upload.answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
  expect(upload.answer).toMatch(/\r\nconnection: close\r\n/i)
  expect(upload.answer).toContain(`"status":${status}`)
  expect(upload.closed).toBe(true)
  // The client's socket and the server's kernel buffers hold a few MiB; the server itself reads far less than the body.
  expect(upload.sent).toBeLessThan(BODY_BYTES / 4)
  expect(read).toBeLessThan(4 * MiB)
}

describe('a refused upload ends the connection (real process)', () => {
  it('401: a client without a token streaming 64 MiB gets its answer and the socket closed', async () => {
    const server = await startServe(await makeTempDir())
    await expectClosedAfter(server, 401, [`Host: 127.0.0.1:${server.port}`])
    // The server is unharmed and still keeps ordinary connections alive.
    const search = await fetch(`${server.baseUrl}/plant/search/status`, { headers: server.headers() })
    expect(search.status).toBe(200)
    expect(search.headers.get('connection')).toBe('keep-alive')
  })

  it('403: the same for an upload addressed to a foreign Host', async () => {
    const server = await startServe(await makeTempDir())
    await expectClosedAfter(server, 403, [`Host: evil.example:${server.port}`, `Authorization: Bearer ${server.token}`])
  })

  it('413: an endless chunked body with the token is cut off after the 1 MiB limit', async () => {
    const server = await startServe(await makeTempDir())
    await expectClosedAfter(server, 413, [`Host: 127.0.0.1:${server.port}`, `Authorization: Bearer ${server.token}`], true)
  })

  it('413: a declared Content-Length over the limit is answered before any of the body is read', async () => {
    const server = await startServe(await makeTempDir())
    await expectClosedAfter(server, 413, [`Host: 127.0.0.1:${server.port}`, `Authorization: Bearer ${server.token}`])
  })
})
