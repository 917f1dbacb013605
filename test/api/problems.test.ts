/** Problems come from one table: the same fault is worded the same way by every route that meets it. */
import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { PROBLEMS, problem } from '#server/problems/problems'
import { createTestApp } from '#setup/in-process'

describe('one table of problems', () => {
  it('words "Plant not found" once, for PUT /v3/plant and GET /v3/plant/{id} alike', async () => {
    const { call } = await createTestApp()
    const viaUpdate = await (await call('PUT', '/v3/plant', { id: 999, status: 'sold' })).json()
    const viaRead = await (await call('GET', '/v3/plant/999')).json()
    expect(viaUpdate).toEqual(viaRead)
    expect(viaRead).toEqual({
      type: PROBLEM_TYPES.notFound,
      title: 'Plant not found',
      status: 404,
      detail: 'There is no plant with id 999. Search /v3/plant/search/status to find the right id.'
    })
  })

  it('words "Invalid ID supplied" once, for a body id and a path id alike', async () => {
    const { call } = await createTestApp()
    const viaUpdate = await (await call('PUT', '/v3/plant', { id: 'abc' })).json()
    const viaRead = await (await call('GET', '/v3/plant/abc')).json()
    expect(viaUpdate).toEqual(viaRead)
    expect(viaRead).toEqual({
      type: PROBLEM_TYPES.invalidId,
      title: 'Invalid ID supplied',
      status: 400,
      detail: 'The plant id is not valid: id must be a positive whole number, not "abc".',
      errors: [{ field: 'id', message: 'id must be a positive whole number, not "abc"' }]
    })
  })

  it('gives every row a stable type, a title and an error status', () => {
    const types = new Set<string>([...Object.values(PROBLEM_TYPES), 'about:blank'])
    for (const [name, row] of Object.entries(PROBLEMS)) {
      expect(types.has(row.type), name).toBe(true)
      expect(row.title, name).toMatch(/^[A-Z]/)
      expect(row.status, name).toBeGreaterThanOrEqual(400)
    }
  })

  it('attaches the field errors and headers a row names', () => {
    const errors = [{ field: 'name', message: 'name must not be blank' }]
    const added = problem('plantNotAdded', errors)
    expect(added.problem).toMatchObject({ status: 405, detail: 'The plant was not added: name must not be blank.', errors })
    expect(added.headers).toEqual({ allow: 'GET, HEAD, POST, PUT' })
    expect(problem('methodNotAllowed', '/openapi.json', 'DELETE', 'GET, HEAD').headers).toEqual({ allow: 'GET, HEAD' })
  })
})
