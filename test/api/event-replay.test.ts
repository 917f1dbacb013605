import { describe, expect, it, onTestFinished } from 'vitest'
import { AccessPolicy } from '#server/security/access-policy'
import { createApp } from '#server/create-app'
import { REPLAY_MAX } from '#server/routes/events/event-replay'
import { listen } from '#server/start-server'
import { TEST_TOKEN } from '#setup/in-process'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'
import { SettingsOwner } from '#settings/settings-owner'

/** A store served on a real socket. */
async function served() {
  const { store } = await openTestStore({ checkpointIdleMs: 60_000 })
  const access = new AccessPolicy({ token: () => TEST_TOKEN })
  const server = await listen(createApp({ store, settings: new SettingsOwner(store.dir), access }), { host: '127.0.0.1', port: 0 })
  access.listeningOn(server.port)
  onTestFinished(() => server.close())
  return { store, server }
}

interface Received {
  id?: number
  event: string
  data: unknown
}

/**
 * Opens /v3/events (with Last-Event-ID when given), calls `whenOpen` once the stream has opened and has sent
 * `before` events, and collects events until there are `count`.
 */
async function events(origin: string, lastEventId: string | undefined, count: number, whenOpen: () => unknown, before = 0): Promise<Received[]> {
  const abort = new AbortController()
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_TOKEN}` }
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
  const response = await fetch(`${origin}/v3/events`, { headers, signal: abort.signal })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  const parsed = (): Received[] =>
    text
      .split('\n\n')
      .slice(0, -1)
      .flatMap((block) => {
        const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]))
        if (fields.event === undefined) return []
        return [
          { ...(fields.id === undefined ? {} : { id: Number(fields.id) }), event: fields.event, data: JSON.parse(fields.data ?? 'null') as unknown }
        ]
      })
  let called = false
  while (parsed().length < count) {
    if (!called && text.startsWith(': connected') && parsed().length >= before) {
      called = true
      void whenOpen()
    }
    const { value, done: ended } = await reader.read()
    if (ended) break
    text += value
  }
  abort.abort()
  return parsed()
}

describe('GET /v3/events with Last-Event-ID (real socket)', () => {
  it('carries the seq as id, and replays every missed change, then live ones, none twice', async () => {
    const { store, server } = await served()
    const fern = await store.add({ name: 'Fern' }, CLI_ACTOR)
    const first = await events(server.origin, undefined, 1, () => store.update({ id: fern.id, status: 'pending' }, CLI_ACTOR))
    expect(first).toEqual([{ id: 2, event: 'plant.updated', data: expect.objectContaining({ id: fern.id, status: 'pending' }) }])
    // Missed while disconnected: seq 3 and 4 (4 after a checkpoint moved 1-3 into the history files).
    await store.add({ name: 'Olive' }, CLI_ACTOR)
    await store.checkpoint()
    await store.update({ id: fern.id, status: 'sold' }, CLI_ACTOR)
    const resumed = await events(server.origin, '2', 3, () => store.add({ name: 'Fig' }, CLI_ACTOR), 2)
    expect(resumed.map(({ id, event }) => [id, event])).toEqual([
      [3, 'plant.added'],
      [4, 'plant.updated'],
      [5, 'plant.added']
    ])
    expect(resumed[1]!.data).toMatchObject({ id: fern.id, status: 'sold' })
  })

  it('sends one reset, carrying the newest seq as its id, when more changes were missed than it replays', async () => {
    const { store, server } = await served()
    await store.applyBatch({ adds: Array.from({ length: REPLAY_MAX + 1 }, (_, index) => ({ name: `Plant ${index}` })), updates: [] }, CLI_ACTOR)
    const received = await events(server.origin, '0', 1, () => undefined)
    expect(received).toEqual([{ id: REPLAY_MAX + 1, event: 'reset', data: {} }])
  })

  it('sends nothing more than the live events when nothing was missed', async () => {
    const { store, server } = await served()
    await store.add({ name: 'Fern' }, CLI_ACTOR)
    const received = await events(server.origin, '1', 1, () => store.add({ name: 'Fig' }, CLI_ACTOR))
    expect(received.map(({ id, event }) => [id, event])).toEqual([[2, 'plant.added']])
  })
})
