/** HTTP written by hand on a plain TCP socket: for what no HTTP client sends (malformed lines, absolute-form targets). */
import { connect } from 'node:net'

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
