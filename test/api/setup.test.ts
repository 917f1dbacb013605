/** The first-run routes on the shop's main computer: it says what it is, and no first-run choice can be made there. */
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { createTestApp } from '#setup/in-process'

describe('the first-run routes on the main computer (extension)', () => {
  it('say it is the main computer, and refuse both choices in words, changing nothing', async () => {
    const app = await createTestApp()
    expect(await (await app.call('GET', '/v3/setup')).json()).toEqual({ stage: 'main' })
    const connect = { address: 'https://10.0.0.2:7421', code: '1234-5678', fingerprint: 'AB'.repeat(32), till: 'door' }
    for (const [route, body] of [
      ['/v3/setup/main', undefined],
      ['/v3/setup/connect', connect],
      ['/v3/setup/connect', { address: 'http://10.0.0.2' }] // set up already comes first: the body is not even read
    ] as const) {
      const answer = await app.call('POST', route, body)
      expect(answer.status).toBe(409)
      expect(await answer.json()).toMatchObject({
        type: PROBLEM_TYPES.setUpAlready,
        detail: "This computer is the shop's main computer already; nothing was changed."
      })
    }
    expect((await app.call('GET', '/v3/plant')).status).toBe(200)
  })
})
