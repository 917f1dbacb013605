import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('input a script might send by mistake', () => {
  it('refuses a body that is not UTF-8 instead of storing broken letters', async () => {
    const { call, store } = await createTestApp()
    const latin1 = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')])
    const add = await call('POST', '/v3/plant', latin1)
    expect(add.status).toBe(405)
    expect((await add.json()).detail).toMatch(/not valid UTF-8/)
    const update = await call('PUT', '/v3/plant', latin1)
    expect(update.status).toBe(400)
    expect(store.size).toBe(0)
    const utf8 = await call('POST', '/v3/plant', Buffer.from('{"name":"café"}'))
    expect((await utf8.json()).name).toBe('café')
  })

  it.each(['a\u0000b', 'red\u001b[31m', 'two\nlines', 'tab\there'])('refuses control characters in text (%j)', async (name) => {
    const { call } = await createTestApp()
    const response = await call('POST', '/v3/plant', { name })
    expect(response.status).toBe(405)
    expect((await response.json()).errors[0]).toMatchObject({ field: 'name', message: expect.stringMatching(/control characters/) })
    expect((await call('POST', '/v3/plant', { tags: [name] })).status).toBe(405)
  })

  it('refuses limit or offset given twice', async () => {
    const { call } = await createTestApp()
    for (const query of ['limit=1&limit=abc', 'offset=1&offset=2']) {
      const response = await call('GET', `/v3/plant/search/status?${query}`)
      expect(response.status).toBe(400)
      expect((await response.json()).detail).toMatch(/more than once/)
    }
    expect((await call('GET', '/v3/plant/search/status?status=sold&status=pending')).status).toBe(200)
  })

  it('explains a malformed %-escape in the address', async () => {
    const { call } = await createTestApp()
    const response = await call('GET', '/v3/plant/search/%ZZ')
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect((await response.json()).detail).toMatch(/malformed %-escape/)
  })

  it('tells a script that used another scheme than Bearer what to send', async () => {
    const { call } = await createTestApp()
    const response = await call('GET', '/v3/plant/search/status', undefined, { authorization: 'Basic YWRtaW46YWRtaW4=' })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="plant-store"')
    expect((await response.json()).detail).toMatch(/must use the Bearer scheme/)
  })
})
