/** Text input through the API: the text rules, NFC storage, tag identity and duplicate JSON keys. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('text the API accepts', () => {
  it.each([
    ['a C1 control (U+0085)', 'one\u0085two', /control character \(U\+0085\)/],
    ['a CSI (U+009B)', '\u009b31mred', /control character \(U\+009B\)/],
    ['a line separator', 'one\u2028two', /line or paragraph separator \(U\+2028\)/],
    ['a lone surrogate', 'cactus \ud83c', /broken character.*\(U\+D83C\)/],
    ['a right-to-left override', 'invoice\u202egpj.exe', /invisible direction-changing character \(U\+202E\)/],
    ['an isolate', '\u2066Fern', /invisible direction-changing character \(U\+2066\)/],
    ['only zero-width characters', '\u200b\u200d', /only invisible characters/]
  ])('refuses %s in name, category and tags: 405 on add, 400 on update, nothing stored', async (_label, text, words) => {
    const { call, store } = await createTestApp()
    for (const body of [{ name: text }, { category: text }, { tags: ['ok', text] }]) {
      const add = await call('POST', '/v3/plant', body)
      expect(add.status).toBe(405)
      const problem = await add.json()
      expect(problem.detail).toMatch(words)
      expect(problem.errors[0].field).toMatch(/^(name|category|tags\[1\])$/)
    }
    expect(store.size).toBe(0)
    await call('POST', '/v3/plant', { name: 'Fern' })
    const update = await call('PUT', '/v3/plant', { id: 1, name: text })
    expect(update.status).toBe(400)
    expect((await update.json()).detail).toMatch(words)
    expect(store.get(1)?.name).toBe('Fern')
  })

  it('stores text in NFC and keeps Café typed two ways as one tag', async () => {
    const { call, store } = await createTestApp()
    const decomposed = 'Cafe\u0301'
    const response = await call('POST', '/v3/plant', { name: decomposed, tags: [decomposed, 'CAF\u00c9', 'caf\u00e9 ', 'Straße', 'STRASSE'] })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: 'Caf\u00e9', tags: ['Caf\u00e9', 'Straße'] })
    expect(store.get(1)).toMatchObject({ name: 'Caf\u00e9', tags: ['Caf\u00e9', 'Straße'] })
    const updated = await call('PUT', '/v3/plant', { id: 1, category: 'A\u030a' })
    expect(updated.status).toBe(200)
    expect(store.get(1)?.category).toBe('\u00c5')
  })

  it('refuses a body with a duplicate key: 405 on add, 400 on update, naming the key', async () => {
    const { call, store } = await createTestApp()
    const add = await call('POST', '/v3/plant', '{"name": "Fern", "status": "sold", "status": "available"}')
    expect(add.status).toBe(405)
    const problem = await add.json()
    expect(problem.detail).toMatch(/"status" is given more than once/)
    expect(problem.errors).toEqual([{ field: 'status', message: expect.stringMatching(/more than once/) }])
    // An escaped spelling is the same key.
    expect((await call('POST', '/v3/plant', '{"name": "Fern", "n\\u0061me": "Ivy"}')).status).toBe(405)
    expect(store.size).toBe(0)
    await call('POST', '/v3/plant', { name: 'Fern' })
    const update = await call('PUT', '/v3/plant', '{"id": 1, "id": 2, "status": "sold"}')
    expect(update.status).toBe(400)
    expect((await update.json()).detail).toMatch(/"id" is given more than once/)
    expect(store.get(1)?.status).toBe('available')
    // The same key in different places is fine, and so is a key's name inside a value.
    const fine = await call('PUT', '/v3/plant', '{"id": 1, "name": "status", "tags": ["status", "id"]}')
    expect(fine.status).toBe(200)
  })
})
