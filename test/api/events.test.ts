import { describe, expect, it, vi } from 'vitest'
import type { CreateAppOptions } from '#server/create-app'
import { createTestApp } from '#setup/in-process'
import { CLI_ACTOR } from '#store'

/** Reads an event stream chunk by chunk until `done(text so far)` holds (a stream that never delivers ends with the test's timeout). */
function streamReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    async until(done: (text: string) => boolean): Promise<string> {
      while (!done(text)) {
        const { value, done: ended } = await reader.read()
        if (ended) return text
        text += decoder.decode(value, { stream: true })
      }
      return text
    },
    async ended(): Promise<boolean> {
      for (;;) {
        const { done } = await reader.read()
        if (done) return true
      }
    },
    cancel: () => reader.cancel()
  }
}

/** A test app with these event options; `request` sends the app's own Host and the token. */
async function appWith(events: CreateAppOptions['events'] = {}) {
  const test = await createTestApp({ events })
  const request = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    test.call(init.method ?? 'GET', path, init.body, init.headers)
  return { store: test.store, request }
}

describe('GET /v3/events (extension)', () => {
  it('answers an event stream that opens with a comment', async () => {
    const response = await (await appWith()).request('/v3/events')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const stream = streamReader(response.body!)
    expect(await stream.until((text) => text.includes('\n\n'))).toBe(': connected\n\n')
    await stream.cancel()
  })

  it('sends plant.added and plant.updated with the full plant once saved', async () => {
    const app = await appWith()
    const store = app.store
    const stream = streamReader((await app.request('/v3/events')).body!)
    const post = await app.request('/v3/plant', { method: 'POST', body: JSON.stringify({ name: 'Fern', category: 'Ferns' }) })
    expect(post.status).toBe(200)
    await store.update({ id: 1, status: 'sold' }, CLI_ACTOR)
    const text = await stream.until((text) => text.includes('plant.updated') && text.endsWith('\n\n'))
    // Each change event opens with its seq as the event id.
    const events = text.split('\n\n').flatMap((block) => (/^id: \d+\n/.test(block) ? [block.replace(/^id: \d+\n/, '')] : []))
    const parsed = events.map((block) => {
      const [eventLine, dataLine] = block.split('\n')
      return { event: eventLine!.slice('event: '.length), plant: JSON.parse(dataLine!.slice('data: '.length)) }
    })
    expect(parsed).toEqual([
      { event: 'plant.added', plant: expect.objectContaining({ id: 1, name: 'Fern', category: 'Ferns', status: 'available' }) },
      { event: 'plant.updated', plant: expect.objectContaining({ id: 1, category: 'Ferns', status: 'sold', updatedAt: expect.any(String) }) }
    ])
    await stream.cancel()
  })

  it('sends a heartbeat comment while idle', async () => {
    const response = await (await appWith({ heartbeatMs: 30 })).request('/v3/events')
    const stream = streamReader(response.body!)
    expect(await stream.until((text) => text.includes(': heartbeat\n\n'))).toContain(': heartbeat')
    await stream.cancel()
  })

  it('stops listening to the store when the client goes away', async () => {
    const app = await appWith()
    const unsubscribed = vi.fn()
    const onChange = app.store.onChange.bind(app.store)
    vi.spyOn(app.store, 'onChange').mockImplementation((listener) => {
      const off = onChange(listener)
      return () => {
        unsubscribed()
        return off()
      }
    })
    const response = await app.request('/v3/events')
    expect(response.status).toBe(200)
    const stream = streamReader(response.body!)
    await stream.until((text) => text.includes('connected'))
    expect(unsubscribed).not.toHaveBeenCalled()
    await stream.cancel() // over a socket: the connection is closed
    await expect.poll(() => unsubscribed.mock.calls.length).toBe(1)
    await app.store.add({ name: 'after the client left' }, CLI_ACTOR) // nobody is told, nothing throws
  })

  it('ends open streams when the service stops, so shutdown does not wait for them', async () => {
    const stopping = new AbortController()
    const response = await (await appWith({ stopping: stopping.signal })).request('/v3/events')
    expect(response.status).toBe(200)
    const stream = streamReader(response.body!)
    await stream.until((text) => text.includes('connected'))
    stopping.abort()
    // Ended by the server: over a socket the connection is then idle, and a graceful close has nothing to wait for.
    expect(await stream.ended()).toBe(true)
  })

  it('answers 405 with Allow: GET for other methods', async () => {
    const response = await (await appWith()).request('/v3/events', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })

  it('needs the token like every /v3 request (401 without it)', async () => {
    const response = await (await appWith()).request('/v3/events', { headers: { authorization: 'Bearer wrong-token' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })
})
