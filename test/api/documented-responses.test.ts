/**
 * The answers match the published document: every call an API test makes through createTestApp is checked against
 * the schema documented for its status (test/_setup/response-check.ts). Here: that the check bites, and the case a
 * generated client met first (a sale before staff exist has no `staff`, which the document listed as required).
 */
import { describe, expect, it } from 'vitest'
import { checkDocumentedResponse } from '#setup/response-check'
import { createTestApp } from '#setup/in-process'

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('answers and their documented schemas', () => {
  it('a sale made before any staff member exists matches the document: staff is optional in Sale and Refund', async () => {
    const app = await createTestApp()
    const added = await (await app.call('POST', '/v3/plant', { name: 'Fern', price: 5, quantity: 3 })).json()
    const sold = await app.call('POST', '/v3/sales', { lines: [{ plantId: added.id, quantity: 1 }], payments: [{ method: 'card', amount: 500 }] })
    expect(sold.status).toBe(201)
    const sale = await sold.json()
    expect(sale).not.toHaveProperty('staff')
    const refunded = await app.call('POST', `/v3/sales/${sale.receipt}/refunds`, {
      lines: [{ line: 1, quantity: 1, restock: true }],
      reason: 'wilted'
    })
    expect(refunded.status).toBe(201)
    expect(await refunded.json()).not.toHaveProperty('staff')
  })

  it('refuses an answer that leaves out what its schema requires, naming the operation and the field', async () => {
    await expect(checkDocumentedResponse('POST', '/v3/sales', json({ at: '2026-12-07T10:00:00Z' }, 201))).rejects.toThrow(
      /POST \/sales 201: the answer does not match its documented schema: .*must have required property 'receipt'/
    )
    await expect(checkDocumentedResponse('GET', '/v3/plant/search/status', json([{ id: 'seven' }], 200))).rejects.toThrow(/must be integer/)
  })

  it('leaves alone what the document does not describe: unknown paths, HEAD, event streams', async () => {
    await checkDocumentedResponse('GET', '/v3/nowhere', json({ anything: true }, 200))
    await checkDocumentedResponse('HEAD', '/v3/sales', json({}, 200))
    await checkDocumentedResponse('GET', '/v3/events', new Response('data: x\n\n', { headers: { 'content-type': 'text/event-stream' } }))
  })
})
