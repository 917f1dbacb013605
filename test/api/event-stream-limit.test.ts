/** At most 64 change streams at once: the 65th is refused with words, and a closed one frees its place. */
import { describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#setup/in-process'

/** Opens /v3/events; the stream stays open (nothing read) until cancelled. */
async function openStream(test: TestApp): Promise<Response> {
  return test.call('GET', '/v3/events')
}

describe('change streams', () => {
  it('serves at most 64 streams: one more gets 503 with words, and a closed one frees its place', async () => {
    const test = await createTestApp()
    const streams: Response[] = []
    for (let i = 0; i < 64; i++) streams.push(await openStream(test))
    expect(streams.every((stream) => stream.status === 200)).toBe(true)
    const refused = await openStream(test)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('10')
    const body = await refused.text()
    expect(body).toMatch(/already sends live changes to 64 windows or scripts/)
    expect(body).toContain('urn:plant-store:problem:too-many-streams')
    await streams.pop()!.body!.cancel()
    await expect
      .poll(async () => {
        const again = await openStream(test)
        if (again.status === 200) streams.push(again)
        else await again.body?.cancel()
        return again.status
      })
      .toBe(200)
    for (const stream of streams) await stream.body!.cancel()
  })
})
