import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { H3 } from 'h3'
import { describe, expect, it } from 'vitest'
import { forwardTo } from '#till/routes/forward'
import type { TillPairing } from '#till/pairing'
import type { PinnedClient } from '#lib/pinned-tls'

const PAIRING: TillPairing = {
  origin: 'https://192.168.1.20:7421',
  certificate: '',
  fingerprint: '',
  till: 'till-2',
  token: 'till-token',
  pairedAt: '2026-11-28T00:00:00.000Z'
}

describe("a paired till's forwarding", () => {
  it("passes the session of the member at the till, so the main computer holds the till to the member's role", async () => {
    const sent: Record<string, string>[] = []
    const client: PinnedClient = {
      request: async (init) => {
        sent.push(init.headers)
        return Object.assign(Readable.from(['{}']), {
          statusCode: 200,
          headers: { 'content-type': 'application/json' }
        }) as unknown as IncomingMessage
      }
    } as PinnedClient
    const app = new H3().all('/v3/**', forwardTo(PAIRING, client))
    await app.request('http://127.0.0.1:7420/v3/plant', {
      method: 'PUT',
      headers: { 'x-plant-store-staff': 'anna-session', 'content-type': 'application/json' },
      body: '{}'
    })
    expect(sent[0]).toMatchObject({ authorization: 'Bearer till-token', 'x-plant-store-staff': 'anna-session' })
  })
})
