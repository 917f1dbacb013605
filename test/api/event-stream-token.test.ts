/**
 * A change stream lives only as long as the token it was opened with: after a
 * rotation (the owner's token) or a revocation (a named one) the server closes
 * it, so the window reconnects, is refused and shows its locked page instead
 * of following changes it may no longer see.
 */
import { describe, expect, it } from 'vitest'
import { revokeNamedToken } from '#auth/named-tokens'
import { TEST_TOKEN, createTestApp } from '#setup/in-process'

/** Resolves once `body` ends (the server closed the stream); a stream left open ends the test by its timeout. */
async function ended(body: ReadableStream<Uint8Array>): Promise<true> {
  const reader = body.getReader()
  while (!(await reader.read()).done);
  return true
}

/** True while `body` has not ended: reads what has arrived, then looks whether the end came with it. */
async function stillOpen(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader()
  const end = reader.closed.then(() => true)
  // Whatever is queued is read at once; a read that waits means the stream is open and quiet.
  for (;;) {
    const next = await Promise.race([reader.read(), new Promise<'waiting'>((resolve) => setImmediate(() => resolve('waiting')))])
    if (next === 'waiting' || next.done) break
  }
  const open = !(await Promise.race([end, Promise.resolve(false)]))
  reader.releaseLock()
  return open
}

describe('GET /v3/events and the token it was opened with', () => {
  it('closes the stream once the owner token is rotated, and keeps it open while the token stands', async () => {
    let token = TEST_TOKEN
    let checks = 0 // each look at the token: one per request, then one per open-stream recheck (once a second)
    const app = await createTestApp({ token: () => (checks++, token) })
    const kept = await app.call('GET', '/v3/events')
    expect(kept.status).toBe(200)
    const opened = checks
    await expect.poll(() => checks).toBeGreaterThanOrEqual(opened + 2) // two rechecks with the stream open
    expect(await stillOpen(kept.body!)).toBe(true)
    await kept.body!.cancel()

    const stream = await app.call('GET', '/v3/events')
    token = 'rotated-token-0123456789abcdef0123456789abc'
    expect(await ended(stream.body!)).toBe(true)
    expect((await app.call('GET', '/v3/events')).status).toBe(401)
  })

  it('closes the stream of a named token once it is revoked (in the file, as the CLI does)', async () => {
    const app = await createTestApp()
    const { token } = (await (await app.call('POST', '/v3/tokens', { name: 'till', scope: 'read-only' })).json()) as { token: string }
    const stream = await app.call('GET', '/v3/events', undefined, { authorization: `Bearer ${token}` })
    expect(stream.status).toBe(200)
    await revokeNamedToken(app.dir, 'till')
    expect(await ended(stream.body!)).toBe(true)
  })
})
