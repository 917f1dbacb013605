/**
 * Ends the connection after a refusal sent while the request's body is still
 * arriving, instead of reading the rest of that body.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** How long a refused upload's connection stays open (unread) after the answer: time for the client to read it. */
export const REFUSED_UPLOAD_LINGER_MS = 1000

/**
 * Replaces what Node does once a `Connection: close` answer is written. Node
 * would resume the body to throw it away, then destroy the socket at once; a
 * reset that reaches a client still sending can make it lose the answer.
 * Instead: stop reading for good, send FIN after the answer, and destroy the
 * socket a moment later (or as soon as the client goes).
 */
function closeWithoutReading(req: IncomingMessage): void {
  const socket = req.socket as Socket | null
  if (!socket) return
  socket.destroySoon = () => {
    // Node's body dump and HTTP parser resume the socket on their own; pausing on every resume keeps it unread.
    const stayPaused = () => socket.pause()
    socket.on('resume', stayPaused)
    stayPaused()
    socket.end()
    const timer = setTimeout(() => socket.destroy(), REFUSED_UPLOAD_LINGER_MS)
    socket.once('close', () => clearTimeout(timer))
  }
}

/**
 * Wraps `listener` so that an answer of 400 or above written before the whole
 * request body has arrived (a 401 or 403 to an upload, a 413) carries
 * `Connection: close` and ends the connection without reading on. Without it
 * Node keeps the connection alive and, to reach the next request, reads and
 * throws away the rest of the body: a client without the token could stream
 * 60 MiB after its 401.
 */
export function closeAfterRefusal(listener: RequestListener): RequestListener {
  return (req, res) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      if (statusCode >= 400 && !req.complete) {
        // Node then sends `Connection: close` and calls socket.destroySoon() once the answer is written.
        this.shouldKeepAlive = false
        closeWithoutReading(req)
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, [statusCode, ...rest])
    } as ServerResponse['writeHead']
    listener(req, res)
  }
}
