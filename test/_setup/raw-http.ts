/** HTTP written by hand on a plain TCP socket: for what no HTTP client sends (malformed lines, absolute-form targets). */
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'

/** Sends `request` as raw bytes to 127.0.0.1:`port`; resolves with everything the server answers before it closes. */
export function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** Sends one request line with `headers` (and Connection: close); resolves with the status and the raw (maybe chunked) body. */
export async function rawRequest(port: number, requestLine: string, headers: string[], body = ''): Promise<{ status: number; body: string }> {
  const answer = await rawExchange(port, `${[requestLine, ...headers, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`)
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }
}

/**
 * Opens a POST to the API whose body never finishes, so a graceful stop waits for it. Resolves once the server
 * has the request in hand: it asks `Expect: 100-continue`, and Node's server answers 100 as it takes the request.
 */
export async function requestHeldOpen(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  socket.write('POST /v3/plant HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n')
  let answer = ''
  while (!answer.includes('\r\n\r\n')) answer += String((await once(socket, 'data'))[0])
  if (!answer.startsWith('HTTP/1.1 100 ')) throw new Error(`expected 100 Continue, got: ${answer}`)
  socket.write('{"na')
  return socket
}
