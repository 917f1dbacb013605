/**
 * Reading a deleted plant says it was deleted (and how to restore it), not merely "no plant", so a
 * till card opened in another window, after a reload or after a delete from the CLI says "was deleted".
 */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('GET /v3/plant/{id} of a deleted plant', () => {
  it('answers 404 saying the plant was deleted and can be restored', async () => {
    const { call } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern', price: 2.5 })
    await call('DELETE', '/v3/plant/1')
    const response = await call('GET', '/v3/plant/1')
    expect(response.status).toBe(404)
    const body = await response.json()
    expect(body.title).toBe('Plant deleted')
    expect(body.detail).toMatch(/^Plant 1 was deleted\b.*POST \/v3\/plant\/1\/restore/)
    expect(JSON.stringify(body)).not.toContain('Fern')
  })

  it('still answers "no plant" for an id no plant ever had, and for a restored plant the plant', async () => {
    const { call } = await createTestApp()
    await call('POST', '/v3/plant', { name: 'Fern' })
    const unknown = await (await call('GET', '/v3/plant/9')).json()
    expect(unknown.title).toBe('Plant not found')
    expect(unknown.detail).not.toMatch(/deleted/i)
    await call('DELETE', '/v3/plant/1')
    await call('POST', '/v3/plant/1/restore')
    expect((await call('GET', '/v3/plant/1')).status).toBe(200)
  })
})
