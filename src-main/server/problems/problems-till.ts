/** Rows of the problem table (problems.ts) for delete, restore, bulk changes and the shop setting (issue 15). */
import { API_BASE, EXTENSION_PATHS } from '#shared/api-paths'
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { countOf } from '#shared/words'
import { row } from './problem-row'

/** How many ids a problem names at most. */
export const IDS_NAMED_MAX = 20

/** `ids` as words: "plant 7", or "3 plants (ids 1, 2, 9)", the first 20 and how many more. */
function plantsNamed(ids: readonly number[]): string {
  if (ids.length === 1) return `plant ${ids[0]}`
  const more = ids.length > IDS_NAMED_MAX ? ` and ${ids.length - IDS_NAMED_MAX} more` : ''
  return `${countOf(ids.length, 'plant')} (ids ${ids.slice(0, IDS_NAMED_MAX).join(', ')}${more})`
}

/** "There is no plant 7" or "There are no plants with ids 2, 99 (2 ids)"; `kind` qualifies the plants ("deleted "). */
function noPlants(ids: readonly number[], kind = ''): string {
  if (ids.length === 1) return `There is no ${kind}plant ${ids[0]}`
  const more = ids.length > IDS_NAMED_MAX ? ` and ${ids.length - IDS_NAMED_MAX} more` : ''
  return `There are no ${kind}plants with ids ${ids.slice(0, IDS_NAMED_MAX).join(', ')}${more} (${countOf(ids.length, 'id')})`
}

const listed = (errors: readonly FieldError[]) => errors.map((error) => `${error.field}: ${error.message}`).join('; ')
const listPath = `${API_BASE}${EXTENSION_PATHS.plants}`

export const TILL_PROBLEMS = {
  plantsNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Plant not found',
    status: 404,
    detail: (ids: readonly number[]) =>
      `${noPlants(ids)}: never added, or deleted already. Nothing was changed. ${listPath} lists the plants there are.`
  }),
  plantDeleted: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Plant deleted',
    status: 404,
    detail: (id: number) =>
      `Plant ${id} was deleted. POST ${API_BASE}${EXTENSION_PATHS.plantRestore.replace('{id}', String(id))} brings it back (within 30 days of the delete).`
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
  }),
  bulkNotChanged: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (errors: FieldError[]) => `Nothing was changed: ${listed(errors)}.`,
    errors: (errors) => errors
  }),
  shopOwnerOnly: row({
    type: PROBLEM_TYPES.forbidden,
    title: 'Forbidden',
    status: 403,
    detail: (name: string) =>
      `Only the owner's token may change the shop's currency; this request came with the token "${name}". Nothing was changed.`
  }),
  shopNotChanged: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (errors: FieldError[]) => `The shop setting was not changed: ${listed(errors)}.`,
    errors: (errors) => errors
  })
}
