/**
 * A replay of missed changes always makes progress: what fits in the stream's buffer is sent, then a reset; a
 * client reconnecting in a loop with an old Last-Event-ID cannot make the server replay over and over.
 */
import { describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '#setup/in-process'
import { largePlant } from '#setup/large-plant'
import { CLI_ACTOR } from '#store'

/** One SSE event as read off the wire. */
interface SentEvent {
  id?: string
  event: string
}

/**
 * Opens /v3/events with `lastEventId` and reads until a reset arrives or the stream ends or fails; says which,
 * with the events read.
 */
async function reconnect(app: TestApp, lastEventId: string): Promise<{ events: SentEvent[]; ending: 'reset' | 'closed' | 'failed' }> {
  const response = await app.call('GET', '/v3/events', undefined, { 'last-event-id': lastEventId })
  expect(response.status).toBe(200)
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  const events = (): SentEvent[] =>
    text
      .split('\n\n')
      .slice(0, -1)
      .flatMap((block) => {
        const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]))
        return fields.event === undefined ? [] : [{ ...(fields.id === undefined ? {} : { id: fields.id }), event: fields.event }]
      })
  try {
    for (;;) {
      if (events().some((event) => event.event === 'reset')) return { events: events(), ending: 'reset' }
      const { value, done } = await reader.read()
      if (done) return { events: events(), ending: 'closed' }
      text += value
    }
  } catch {
    return { events: events(), ending: 'failed' }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

describe('replaying missed changes', () => {
  it('sends what fits of 500 missed changes of large plants, then a reset carrying the newest seq, on every reconnect', async () => {
    const app = await createTestApp()
    await app.store.add({ name: 'Seen before the client left' }, CLI_ACTOR)
    await app.store.applyBatch({ adds: Array.from({ length: 500 }, (_, index) => largePlant(index)), updates: [] }, CLI_ACTOR)
    const newest = 501 // the batch's last seq
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { events, ending } = await reconnect(app, '1')
      expect(ending, `reconnect ${attempt}`).toBe('reset')
      const replayed = events.filter((event) => event.event === 'plant.added')
      expect(replayed.length).toBeGreaterThan(0)
      expect(replayed.length).toBeLessThan(500)
      expect(replayed[0]!.id).toBe('2')
      expect(events.at(-1)).toEqual({ id: String(newest), event: 'reset' })
    }
  })

  it('answers reconnects past a token’s replay allowance with a reset at once, without reading the change log', async () => {
    const app = await createTestApp({ events: { replayRate: { burst: 2, everyMs: 3_600_000 } } })
    await app.store.add({ name: 'Fern' }, CLI_ACTOR)
    await app.store.add({ name: 'Fig' }, CLI_ACTOR)
    await app.store.add({ name: 'Olive' }, CLI_ACTOR)
    const reads = vi.spyOn(app.store.history, 'since')
    const replayedFirst = async () => {
      const response = await app.call('GET', '/v3/events', undefined, { 'last-event-id': '1' })
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      while (!/event: (reset|plant\.added)[^]*\n\n/.test(text)) text += (await reader.read()).value ?? ''
      await reader.cancel()
      return /event: (reset|plant\.added)/.exec(text)![1]
    }
    expect([await replayedFirst(), await replayedFirst(), await replayedFirst(), await replayedFirst()]).toEqual([
      'plant.added',
      'plant.added',
      'reset',
      'reset'
    ])
    expect(reads).toHaveBeenCalledTimes(2)
    const { events } = await reconnect(app, '1')
    expect(events).toEqual([{ id: '3', event: 'reset' }])
  })
})
