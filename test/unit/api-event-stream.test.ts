import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, type FetchLike, type PlantEvent, type StreamState } from '#shared/api-client'

/** One opened stream: the headers it was asked with, and a way to push text or end it. */
interface OpenedStream {
  headers: Record<string, string>
  push(text: string): void
  end(): void
}

/** A fetch serving text/event-stream bodies the test writes chunk by chunk; `refuse` answers with a network error. */
function streamingServer(refuse: () => boolean = () => false) {
  const opened: OpenedStream[] = []
  const fetch: FetchLike = (_url, init) => {
    if (refuse()) return Promise.reject(new TypeError('connect ECONNREFUSED'))
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
    const encoder = new TextEncoder()
    opened.push({
      headers: init.headers as Record<string, string>,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close()
    })
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }))
  }
  return { opened, client: createApiClient({ baseUrl: 'http://127.0.0.1:7420/v3', fetch }) }
}

const plantJson = (id: number, status = 'available') =>
  JSON.stringify({ id, name: `P${id}`, status, tags: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1 })

afterEach(() => {
  vi.useRealTimers()
})

describe('the event stream (eventsource-parser)', () => {
  it('joins a CRLF split across two chunks instead of ending the event early', async () => {
    const { opened, client } = streamingServer()
    const events: PlantEvent[] = []
    const stop = client.subscribe({ onEvent: (event) => events.push(event) })
    await expect.poll(() => opened).toHaveLength(1)
    const json = plantJson(1)
    // Two "data:" lines of one event (joined by a newline, which JSON allows after `{`), the CRLF after the
    // first one cut between its CR and its LF: a parser that takes the LF for a blank line ends the event at `{`.
    opened[0]!.push(`event: plant.added\r\ndata: {\r`)
    opened[0]!.push(`\ndata: ${json.slice(1)}\r\n`)
    opened[0]!.push('\r\n')
    await expect.poll(() => events).toHaveLength(1)
    expect(events[0]!.plant).toEqual(JSON.parse(json))
    stop()
  })

  it('sends the last event id as Last-Event-ID when it reconnects, and none before any id was seen', async () => {
    const { opened, client } = streamingServer()
    const events: PlantEvent[] = []
    const stop = client.subscribe({ initialDelayMs: 1, onEvent: (event) => events.push(event) })
    await expect.poll(() => opened).toHaveLength(1)
    expect(opened[0]!.headers['last-event-id']).toBeUndefined()
    opened[0]!.push(': today’s server sends no ids\n\nevent: plant.added\ndata: ' + plantJson(1) + '\n\n')
    await expect.poll(() => events).toHaveLength(1)
    opened[0]!.end()
    await expect.poll(() => opened).toHaveLength(2)
    expect(opened[1]!.headers['last-event-id']).toBeUndefined()
    opened[1]!.push(`id: 41\nevent: plant.updated\ndata: ${plantJson(1, 'sold')}\n\nid: 42\nevent: plant.added\ndata: ${plantJson(2)}\n\n`)
    await expect.poll(() => events).toHaveLength(3)
    opened[1]!.end()
    await expect.poll(() => opened).toHaveLength(3)
    expect(opened[2]!.headers['last-event-id']).toBe('42')
    stop()
  })

  it('tells the subscriber to reload on `event: reset`', async () => {
    const { opened, client } = streamingServer()
    const onReset = vi.fn()
    const stop = client.subscribe({ onEvent: () => undefined, onReset })
    await expect.poll(() => opened).toHaveLength(1)
    opened[0]!.push('event: reset\ndata: {"oldestSeq":100}\n\n')
    await expect.poll(() => onReset).toHaveBeenCalledTimes(1)
    stop()
  })

  it('retries at about 250 ms, backs off to at most 5 s, and Retry now ends the pause at once', async () => {
    vi.useFakeTimers()
    let down = true
    const { opened, client } = streamingServer(() => down)
    const states: StreamState[] = []
    const delays: number[] = []
    const stop = client.subscribe({
      onEvent: () => undefined,
      onState: (state, info) => {
        states.push(state)
        if (info.delayMs !== undefined) delays.push(info.delayMs)
      }
    })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(delays[0]).toBeGreaterThanOrEqual(200)
    expect(delays[0]).toBeLessThanOrEqual(300)
    expect(Math.max(...delays)).toBeLessThanOrEqual(5000)
    expect(delays.at(-1)).toBeGreaterThanOrEqual(4000)
    // The server is back: waiting out the pause would take seconds; Retry now reconnects at once.
    down = false
    await vi.advanceTimersByTimeAsync(1)
    expect(opened).toHaveLength(0)
    stop.retryNow()
    await vi.advanceTimersByTimeAsync(1)
    expect(opened).toHaveLength(1)
    expect(states.at(-1)).toBe('open')
    stop()
  })
})
