/** Problems come from one table: the same fault is worded the same way by every route that meets it. */
import { describe, expect, it, vi } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { BackupFolderError } from '#backup-folder/check-folder'
import { OffsiteBackupError } from '#backup-folder/offsite-backup'
import { toProblemResponse } from '#server/problems/problem-response'
import { PROBLEMS, problem } from '#server/problems/problems'
import {
  CatalogueChangedError,
  HistoryGoneError,
  IdempotencyKeyReusedError,
  PlantsNotEditableError,
  StoreClosedError,
  VersionConflictError,
  WriteFailedError,
  WriteRefusedError
} from '#store/errors'
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

  it.each([
    [new WriteFailedError(Object.assign(new Error('no space'), { code: 'ENOSPC' })), 503, PROBLEM_TYPES.notSaved],
    [new WriteRefusedError('the data folder is gone'), 503, PROBLEM_TYPES.notSaved],
    [new StoreClosedError(), 503, PROBLEM_TYPES.notSaved],
    [
      new VersionConflictError({ id: 7, version: 3, status: 'available', tags: [], createdAt: '', updatedAt: '' }, [2]),
      412,
      PROBLEM_TYPES.versionConflict
    ],
    [new IdempotencyKeyReusedError('k', 4), 422, PROBLEM_TYPES.idempotencyKeyReused],
    [new PlantsNotEditableError('notDeleted', [3]), 409, PROBLEM_TYPES.plantNotDeleted],
    [new PlantsNotEditableError('unknown', [3], true), 404, PROBLEM_TYPES.notFound],
    [new PlantsNotEditableError('unknown', [3, 4]), 404, PROBLEM_TYPES.notFound],
    [new HistoryGoneError(2, 40), 410, PROBLEM_TYPES.historyGone],
    [new CatalogueChangedError(), 409, PROBLEM_TYPES.versionConflict],
    [new BackupFolderError('it is not there'), 422, PROBLEM_TYPES.invalidInput],
    [new OffsiteBackupError('/media/stick', 'the drive is gone'), 409, PROBLEM_TYPES.backupNotMade]
  ])('answers %s, thrown below the routes, with its row of the error table', async (error, status, type) => {
    const response = toProblemResponse(error, 'POST', '/v3/plant')
    expect({ status: response.status, type: (await response.json()).type }).toEqual({ status, type })
  })

  it('answers an error no row names with a bare 500 that reveals nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = toProblemResponse(new Error('secret path /home/x'), 'GET', '/v3/plant')
    expect(response.status).toBe(500)
    expect(JSON.stringify(await response.json())).not.toContain('secret')
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
  })
})
