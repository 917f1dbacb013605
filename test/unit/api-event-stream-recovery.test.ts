/**
 * The UI's change stream (the shared client's `subscribe`) against the real server: a window that missed
 * hundreds of changes of large plants reconnects, receives what fits and a reset, and stays open; the UI
 * enables its write controls while the stream is open (stores/plants.ts: offlineReason).
 */
import { describe, expect, it, vi } from 'vitest'
import { createApiClient, type StreamState } from '#shared/api-client'
import { TEST_TOKEN, clientFetch, createTestApp } from '#setup/in-process'
import { largePlant } from '#setup/large-plant'
import { CLI_ACTOR } from '#store'

/**
 * A fetch whose change streams the test can cut (as a dropped connection) and whose next stream it can hold
 * back; it keeps what each stream brought and the Last-Event-ID each was opened with.
 */
function cuttableStreams(inner: (url: string, init: RequestInit) => Promise<Response>) {
  const streams: { lastEventId: string | undefined; text: string; cut: () => void }[] = []
  let held: Promise<void> = Promise.resolve()
  let release = () => undefined as void
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    if (!new URL(url).pathname.endsWith('/events')) return inner(url, init)
    await held
    const response = await inner(url, init)
    const decoder = new TextDecoder()
    let cut!: () => void
    const stream = { lastEventId: (init.headers as Record<string, string>)['last-event-id'], text: '', cut: () => cut() }
    const body = response.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start: (controller) => void (cut = () => controller.error(new Error('connection cut'))),
        transform: (chunk, controller) => {
          stream.text += decoder.decode(chunk, { stream: true })
          controller.enqueue(chunk)
        }
      })
    )
    streams.push(stream)
    return new Response(body, { status: response.status, headers: response.headers })
  }
  return {
    fetch,
    streams,
    holdNext: () => void (held = new Promise<void>((resolve) => (release = resolve))),
    release: () => release()
  }
}

describe('the UI’s change stream after missing many changes', () => {
  it('recovers from 500 missed changes of large plants: what fits and a reset arrive, it stays open and resumes after the reset', async () => {
    const app = await createTestApp()
    const network = cuttableStreams(clientFetch(app))
    const client = createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: network.fetch })
    const states: StreamState[] = []
    const onReset = vi.fn()
    const stop = client.subscribe({ onEvent: () => undefined, onReset, onState: (state) => states.push(state) })
    try {
      await expect.poll(() => states.at(-1)).toBe('open')
      await app.store.add({ name: 'Fern' }, CLI_ACTOR)
      await expect.poll(() => network.streams[0]?.text).toContain('id: 1\n')
      network.holdNext()
      network.streams[0]!.cut()
      await expect.poll(() => states.at(-1)).toBe('reconnecting')
      await app.store.applyBatch({ adds: Array.from({ length: 500 }, (_, index) => largePlant(index)), updates: [] }, CLI_ACTOR)
      network.release()
      await expect.poll(() => onReset, { timeout: 10_000 }).toHaveBeenCalledTimes(1)
      expect(network.streams[1]!.lastEventId).toBe('1')
      expect(network.streams[1]!.text).toMatch(/^: connected\n\nid: 2\nevent: plant\.added\n/)
      expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open'])
      // The reset's id is the newest change: the next reconnect asks only for what came after it.
      network.streams[1]!.cut()
      await expect.poll(() => network.streams).toHaveLength(3)
      expect(network.streams[2]!.lastEventId).toBe('501')
    } finally {
      stop()
    }
  })
})
