import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { AccessPolicy } from '#server/security/access-policy'
import { createApp, type CreateAppOptions } from '#server/create-app'
import { listen } from '#server/start-server'
import { PlantStore } from '#store/catalogue/plant-store'
import { DEFAULT_TEST_HEADERS, TEST_PORT, TEST_TOKEN } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

const AUTH = { authorization: `Bearer ${TEST_TOKEN}` }
const IN_PROCESS = `http://127.0.0.1:${TEST_PORT}`

async function openStore(): Promise<PlantStore> {
  const store = await PlantStore.open({ dir: await makeTempDir() })
  onTestFinished(() => store.close())
  return store
}

/** Reads an event stream chunk by chunk until `done(text so far)` holds. */
function streamReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    async until(done: (text: string) => boolean, timeoutMs = 2000): Promise<string> {
      const deadline = Date.now() + timeoutMs
      while (!done(text)) {
        if (Date.now() > deadline) throw new Error(`stream did not deliver in time; got:\n${text}`)
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

/** The app over `store`; `access.listeningOn` is called for in-process use unless a real server sets it. */
function appOver(store: PlantStore, events: CreateAppOptions['events'] = {}) {
  const access = new AccessPolicy({ token: () => TEST_TOKEN })
  access.listeningOn(TEST_PORT)
  const app = createApp({ store, access, events })
  const request = (path: string, init: RequestInit = {}) =>
    Promise.resolve(app.request(`${IN_PROCESS}${path}`, { ...init, headers: { ...DEFAULT_TEST_HEADERS, ...init.headers } }))
  return { app, access, request }
}

/** Puts the app on a real socket. */
async function listening(store: PlantStore, events: CreateAppOptions['events'] = {}) {
  const { app, access } = appOver(store, events)
  const server = await listen(app, { host: '127.0.0.1', port: 0 })
  access.listeningOn(server.port)
  return server
}

describe('GET /v3/events (extension)', () => {
  it('answers an event stream that opens with a comment', async () => {
    const store = await openStore()
    const response = await appOver(store).request('/v3/events')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const stream = streamReader(response.body!)
    expect(await stream.until((text) => text.includes('\n\n'))).toBe(': connected\n\n')
    await stream.cancel()
  })

  it('sends plant.added and plant.updated with the full plant once saved', async () => {
    const store = await openStore()
    const app = appOver(store)
    const stream = streamReader((await app.request('/v3/events')).body!)
    const post = await app.request('/v3/plant', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Fern', category: 'Ferns' })
    })
    expect(post.status).toBe(200)
    await store.update({ id: 1, status: 'sold' })
    const text = await stream.until((text) => text.includes('plant.updated') && text.endsWith('\n\n'))
    // Each change event opens with its seq as the event id (issue 14).
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
    const store = await openStore()
    const response = await appOver(store, { heartbeatMs: 30 }).request('/v3/events')
    const stream = streamReader(response.body!)
    expect(await stream.until((text) => text.includes(': heartbeat\n\n'))).toContain(': heartbeat')
    await stream.cancel()
  })

  it('stops listening to the store when the client goes away (real socket)', async () => {
    const store = await openStore()
    const unsubscribed = vi.fn()
    const onChange = store.onChange.bind(store)
    vi.spyOn(store, 'onChange').mockImplementation((listener) => {
      const off = onChange(listener)
      return () => {
        unsubscribed()
        return off()
      }
    })
    const server = await listening(store)
    onTestFinished(() => server.close())
    const client = new AbortController()
    const response = await fetch(`${server.origin}/v3/events`, { signal: client.signal, headers: AUTH })
    expect(response.status).toBe(200)
    await streamReader(response.body!).until((text) => text.includes('connected'))
    expect(unsubscribed).not.toHaveBeenCalled()
    client.abort()
    await vi.waitFor(() => expect(unsubscribed).toHaveBeenCalledTimes(1), { timeout: 1000 })
    await store.add({ name: 'after the client left' }) // nobody is told, nothing throws
  })

  it('ends open streams when the service stops, so shutdown does not wait for them', async () => {
    const store = await openStore()
    const stopping = new AbortController()
    const server = await listening(store, { stopping: stopping.signal })
    const response = await fetch(`${server.origin}/v3/events`, { headers: AUTH })
    expect(response.status).toBe(200)
    const stream = streamReader(response.body!)
    await stream.until((text) => text.includes('connected'))
    stopping.abort()
    expect(await stream.ended()).toBe(true)
    const started = Date.now()
    await server.close()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('answers 405 with Allow: GET for other methods', async () => {
    const store = await openStore()
    const response = await appOver(store).request('/v3/events', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })

  it('needs the token like every /v3 request (401 without it)', async () => {
    const store = await openStore()
    const response = await appOver(store).request('/v3/events', { headers: { authorization: 'Bearer wrong-token' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })
})
