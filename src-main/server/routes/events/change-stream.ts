/**
 * One client's Server-Sent Events stream, with what it may hold for a slow or
 * absent reader bounded. Events are encoded once and shared by every stream;
 * a stream only queues references to them, and is dropped once it holds too
 * much or its client stops taking what is sent.
 */

/** Limits of one change stream and of the streams of one server. */
export interface EventStreamLimits {
  /** Open streams per server; one more is answered 503. */
  maxStreams: number
  /** Bytes a stream may hold for its client (queued here plus in Node's write buffer); past it the stream is closed. */
  maxBufferedBytes: number
  /** How long queued bytes may wait for a client that does not read before the stream is closed. */
  stallMs: number
}

/** The limits the server uses: 64 streams, 1 MiB each, 30 s without progress. */
export const EVENT_STREAM_LIMITS: EventStreamLimits = {
  maxStreams: 64,
  maxBufferedBytes: 1024 * 1024,
  stallMs: 30_000
}

const encoder = new TextEncoder()

/**
 * Encodes one SSE event (`data` must be one line, as JSON.stringify gives) or comment, to share between streams.
 * `id` (the change log's seq) is what a reconnecting client sends back as Last-Event-ID.
 */
export function encodeEvent(event: { type: string; data: string; id?: number } | { comment: string }): Uint8Array {
  if ('comment' in event) return encoder.encode(`: ${event.comment}\n\n`)
  return encoder.encode(`${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.type}\ndata: ${event.data}\n\n`)
}

/** What {@link ChangeStream} needs to know about its connection. */
export interface ChangeStreamOptions {
  limits: EventStreamLimits
  /** Called once when the stream has ended, for any reason (client gone, closed, dropped). */
  onEnd: () => void
  /** Called when the stream is dropped for holding too much or stalling, with why. */
  onDrop: (reason: string) => void
  /** Bytes the connection itself still holds in the process (Node's write buffer); 0 when unknown. */
  socketBuffered?: () => number
}

/**
 * A pull-driven event stream: a chunk leaves the queue only when the
 * connection asks for the next one, so an unread stream holds its queue and
 * nothing else. h3's EventStream instead started one write per event and kept
 * each until the client took it: 30 unread streams grew the server by
 * hundreds of MiB that it never gave back.
 */
export class ChangeStream {
  /** The response body. */
  readonly body: ReadableStream<Uint8Array>
  readonly #options: ChangeStreamOptions
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #queue: Uint8Array[] = []
  #queuedBytes = 0
  /** Resolves the pull that waits for the next chunk, if the connection is waiting. */
  #wanted: (() => void) | undefined
  #stall: ReturnType<typeof setTimeout> | undefined
  #ended = false

  constructor(options: ChangeStreamOptions) {
    this.#options = options
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller
        },
        pull: () => this.#pull(),
        cancel: () => this.#end()
      },
      { highWaterMark: 0 }
    )
  }

  /** Bytes held for the client: queued here plus in the connection's write buffer. */
  get buffered(): number {
    return this.#queuedBytes + (this.#options.socketBuffered?.() ?? 0)
  }

  /** Queues `chunk` (shared, never modified) for the client, dropping the stream if it now holds too much. */
  send(chunk: Uint8Array): void {
    if (this.#ended) return
    if (this.#wanted) {
      this.#give(chunk)
      return
    }
    this.#queue.push(chunk)
    this.#queuedBytes += chunk.byteLength
    const { maxBufferedBytes } = this.#options.limits
    if (this.buffered > maxBufferedBytes) this.drop(`its client left more than ${maxBufferedBytes} bytes unread`)
    else this.#armStall()
  }

  /** Ends the stream politely: what is queued is still sent, then the stream closes. */
  close(): void {
    if (this.#ended) return
    for (const chunk of this.#queue) this.#controller.enqueue(chunk)
    this.#queue = []
    this.#controller.close()
    this.#end()
  }

  /** Ends the stream at once, with what it holds: the connection is closed. */
  drop(reason: string): void {
    if (this.#ended) return
    this.#options.onDrop(reason)
    this.#controller.error(new Error(`change stream closed: ${reason}`))
    this.#end()
  }

  /** Starts the stall clock unless it runs: queued bytes must be taken within stallMs. */
  #armStall(): void {
    const { stallMs } = this.#options.limits
    this.#stall ??= setTimeout(() => this.drop(`its client read nothing for ${stallMs / 1000} s`), stallMs)
  }

  #pull(): Promise<void> | void {
    const next = this.#queue.shift()
    if (!next) return new Promise((resolve) => (this.#wanted = resolve))
    this.#queuedBytes -= next.byteLength
    this.#give(next)
    if (this.#queue.length > 0) this.#armStall()
  }

  /** Hands `chunk` to the connection: it is reading, so the stall clock stops. */
  #give(chunk: Uint8Array): void {
    clearTimeout(this.#stall)
    this.#stall = undefined
    this.#controller.enqueue(chunk)
    const wanted = this.#wanted
    this.#wanted = undefined
    wanted?.()
  }

  #end(): void {
    if (this.#ended) return
    this.#ended = true
    clearTimeout(this.#stall)
    this.#queue = []
    this.#queuedBytes = 0
    this.#wanted?.()
    this.#options.onEnd()
  }
}
