/** Rows of the problem table for the plant resource: invalid bodies and ids, plants not found or deleted, preconditions. */
import { API_BASE, API_PATHS, EXTENSION_PATHS } from '#shared/api-paths'
import { plantEtag } from '#shared/etag'
import type { Plant } from '#shared/plant'
import { PROBLEM_TYPES } from '#shared/problem'
import { countOf } from '#shared/words'
import { fieldErrorsRow, row } from '#server/problems/problem-row'

/** How many ids a problem names at most. */
export const IDS_NAMED_MAX = 20

/**
 * What /v3/plant answers, as its 405 names it: the Allow of ALLOWED_METHODS (derived from the plant resource's
 * operations, which raise these problems, so it is written here; test/unit/operation.test.ts holds the two together).
 */
export const PLANT_PATH_ALLOW = 'GET, HEAD, POST, PUT'

/** A 405 at /v3/plant names what the path does answer. */
export const allowPlantMethods = () => ({ allow: PLANT_PATH_ALLOW })

const firstIds = (ids: readonly number[]) =>
  ids.slice(0, IDS_NAMED_MAX).join(', ') + (ids.length > IDS_NAMED_MAX ? ` and ${ids.length - IDS_NAMED_MAX} more` : '')

/** `ids` as words: "plant 7", or "3 plants (ids 1, 2, 9)", the first 20 and how many more. */
function plantsNamed(ids: readonly number[]): string {
  if (ids.length === 1) return `plant ${ids[0]}`
  return `${countOf(ids.length, 'plant')} (ids ${firstIds(ids)})`
}

/** "There is no plant 7" or "There are no plants with ids 2, 99 (2 ids)"; `kind` qualifies the plants ("deleted "). */
function noPlants(ids: readonly number[], kind = ''): string {
  if (ids.length === 1) return `There is no ${kind}plant ${ids[0]}`
  return `There are no ${kind}plants with ids ${firstIds(ids)} (${countOf(ids.length, 'id')})`
}

const listPath = `${API_BASE}${EXTENSION_PATHS.plants}`

export const PLANT_PROBLEMS = {
  // 405: the contract's code for invalid input to add-plant.
  plantNotAdded: fieldErrorsRow('The plant was not added', { status: 405, headers: allowPlantMethods }),
  plantNotUpdated: fieldErrorsRow('The plant was not updated'),
  invalidId: fieldErrorsRow('The plant id is not valid', { type: PROBLEM_TYPES.invalidId, title: 'Invalid ID supplied' }),
  plantNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Plant not found',
    status: 404,
    detail: (id: number) => `There is no plant with id ${id}. Search ${API_BASE}${API_PATHS.searchByStatus} to find the right id.`
  }),
  plantDeleted: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Plant deleted',
    status: 404,
    detail: (id: number) =>
      `Plant ${id} was deleted. POST ${API_BASE}${EXTENSION_PATHS.plantRestore.replace('{id}', String(id))} brings it back (within 30 days of the delete).`
  }),
  versionConflict: row({
    type: PROBLEM_TYPES.versionConflict,
    title: 'Precondition Failed',
    status: 412,
    detail: (current: Plant) =>
      `Plant ${current.id}${current.name === undefined ? '' : ` ("${current.name}")`} was changed since you read it: ` +
      `it is now at version ${current.version} (ETag ${plantEtag(current.id, current.version)}). Nothing was changed. ` +
      `Read it again (GET ${API_BASE}${EXTENSION_PATHS.plantById.replace('{id}', String(current.id))}) and send your change again if it still applies.`,
    headers: (current) => ({ etag: plantEtag(current.id, current.version) })
  }),
  idempotencyKeyReused: row({
    type: PROBLEM_TYPES.idempotencyKeyReused,
    title: 'Idempotency key reused',
    status: 422,
    detail: (key: string, firstPlantId: number | undefined, firstUse: 'add' | 'stock' | 'import' = 'add') =>
      firstUse === 'import'
        ? `The Idempotency-Key "${key}" was already used for a different import (another file, or other choices); ` +
          'nothing was imported. Use a new key for each new import, and the same key only to retry the same file with the same choices.'
        : firstUse === 'add'
          ? `The Idempotency-Key "${key}" was already used for a different add (the one that added plant ${firstPlantId}); ` +
            'nothing was added. Use a new key for a new plant, and the same key only to retry the same add.'
          : `The Idempotency-Key "${key}" was already used for a different call (the one that moved the stock of plant ${firstPlantId}); ` +
            'nothing was changed. Use a new key for each new stock movement, and the same key only to retry the same one.'
  }),
  // Plants a delete or restore (one plant or many) named that it could not change.
  plantsNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Plant not found',
    status: 404,
    detail: (ids: readonly number[]) =>
      `${noPlants(ids)}: never added, or deleted already. Nothing was changed. ${listPath} lists the plants there are.`
  }),
  noTombstone: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Nothing to restore',
    status: 404,
    detail: (ids: readonly number[]) =>
      `${noPlants(ids, 'deleted ')} to restore (never added, or deleted more than 30 days ago and purged). Nothing was changed.`
  }),
  plantNotDeleted: row({
    type: PROBLEM_TYPES.plantNotDeleted,
    title: 'Plant not deleted',
    status: 409,
    detail: (ids: readonly number[]) =>
      `${plantsNamed(ids).replace(/^p/, 'P')} ${ids.length === 1 ? 'is' : 'are'} not deleted, so there is nothing to restore. Nothing was changed.`
  })
}
