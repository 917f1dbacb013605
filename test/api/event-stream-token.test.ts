/**
 * A change stream lives only as long as the token it was opened with: after a
 * rotation (the owner's token) or a revocation (a named one) the server closes
 * it, so the window reconnects, is refused and shows its locked page instead
 * of following changes it may no longer see.
 */
import { describe, expect, it } from 'vitest'
import { revokeNamedToken } from '#auth/named-tokens'
import { TEST_TOKEN, createTestApp } from '#setup/in-process'

/** Resolves true once `body` ends (the server closed the stream), false if it is still open after `ms`. */
async function endsWithin(body: ReadableStream<Uint8Array>, ms: number): Promise<boolean> {
  const reader = body.getReader()
  const deadline = Date.now() + ms
  for (;;) {
    const left = deadline - Date.now()
    if (left <= 0) {
      await reader.cancel()
      return false
    }
    const next = await Promise.race([reader.read(), new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), left))])
    if (next === 'open') {
      await reader.cancel()
      return false
    }
    if (next.done) return true
  }
}

describe('GET /v3/events and the token it was opened with', () => {
  it('closes the stream once the owner token is rotated, and keeps it open while the token stands', async () => {
    let token = TEST_TOKEN
    const app = await createTestApp({ token: () => token })
    const kept = await app.call('GET', '/v3/events')
    expect(kept.status).toBe(200)
    expect(await endsWithin(kept.body!, 2500)).toBe(false)

    const stream = await app.call('GET', '/v3/events')
    token = 'rotated-token-0123456789abcdef0123456789abc'
    expect(await endsWithin(stream.body!, 5000)).toBe(true)
    expect((await app.call('GET', '/v3/events')).status).toBe(401)
  })

  it('closes the stream of a named token once it is revoked (in the file, as the CLI does)', async () => {
    const app = await createTestApp()
    const { token } = (await (await app.call('POST', '/v3/tokens', { name: 'till', scope: 'read-only' })).json()) as { token: string }
    const stream = await app.call('GET', '/v3/events', undefined, { authorization: `Bearer ${token}` })
    expect(stream.status).toBe(200)
    await revokeNamedToken(app.dir, 'till')
    expect(await endsWithin(stream.body!, 5000)).toBe(true)
  })
})
