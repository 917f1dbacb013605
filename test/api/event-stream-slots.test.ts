/**
 * Change-stream slots are shared out per token: one token (a read-only script, a leaked key) cannot take every
 * stream, and some are kept for the owner's UI.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { STREAM_SLOT_LIMITS } from '#server/routes/events/stream-slots'
import { createTestApp, type TestApp } from '#setup/in-process'

/** Opens /v3/events as `token` (the owner's when absent); an open stream is cancelled when the test ends. */
async function openStream(app: TestApp, token?: string): Promise<Response> {
  const response = await app.call('GET', '/v3/events', undefined, token === undefined ? {} : { authorization: `Bearer ${token}` })
  if (response.status === 200) onTestFinished(() => response.body!.cancel())
  return response
}

async function namedToken(app: TestApp, name: string): Promise<string> {
  const created = await app.namedTokens.add(name, 'read-only')
  return created!.token
}

describe('change-stream slots', () => {
  it('lets one token open its share and refuses it more with words, while the owner’s UI and another token still open', async () => {
    const app = await createTestApp()
    const shelf = await namedToken(app, 'shelf-screen')
    const { maxStreamsPerToken } = STREAM_SLOT_LIMITS
    for (let i = 0; i < maxStreamsPerToken; i++) expect((await openStream(app, shelf)).status).toBe(200)
    const refused = await openStream(app, shelf)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('10')
    const problem = (await refused.json()) as { type: string; detail: string }
    expect(problem.type).toBe(PROBLEM_TYPES.tooManyStreamsForToken)
    expect(problem.detail).toContain(`The token "shelf-screen" already has ${maxStreamsPerToken} open streams`)
    expect(problem.detail).toMatch(/give each script its own token/)
    expect((await openStream(app)).status).toBe(200)
    expect((await openStream(app, await namedToken(app, 'till-2'))).status).toBe(200)
  })

  it('keeps slots for the owner’s UI that other tokens together cannot take', async () => {
    const app = await createTestApp()
    const { maxStreams, maxStreamsPerToken, keptForOwner } = STREAM_SLOT_LIMITS
    const others = (maxStreams - keptForOwner) / maxStreamsPerToken
    for (let t = 0; t < others; t++) {
      const token = await namedToken(app, `script-${t}`)
      for (let i = 0; i < maxStreamsPerToken; i++) expect((await openStream(app, token)).status).toBe(200)
    }
    const late = await openStream(app, await namedToken(app, 'late-script'))
    expect(late.status).toBe(503)
    expect(((await late.json()) as { type: string }).type).toBe(PROBLEM_TYPES.tooManyStreams)
    for (let i = 0; i < keptForOwner; i++) expect((await openStream(app)).status).toBe(200)
    expect((await openStream(app)).status).toBe(503)
  })

  it('gives a token’s slot back when its stream ends', async () => {
    const app = await createTestApp({ events: { slots: { maxStreamsPerToken: 1 } } })
    const token = await namedToken(app, 'kiosk')
    const first = await app.call('GET', '/v3/events', undefined, { authorization: `Bearer ${token}` })
    expect((await openStream(app, token)).status).toBe(429)
    await first.body!.cancel()
    await expect.poll(async () => (await openStream(app, token)).status).toBe(200)
  })
})
