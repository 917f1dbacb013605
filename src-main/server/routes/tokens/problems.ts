/** Rows of the problem table for the named tokens. */
import { API_BASE, EXTENSION_PATHS } from '#shared/api-paths'
import { PROBLEM_TYPES } from '#shared/problem'
import { fieldErrorsRow, row } from '#server/problems/problem-row'

export const TOKEN_PROBLEMS = {
  tokenNotMade: fieldErrorsRow('The token was not made'),
  tokenNameTaken: row({
    type: PROBLEM_TYPES.tokenNameTaken,
    title: 'Token name taken',
    status: 409,
    detail: (message: string) => `The token was not made: ${message}.`
  }),
  tokenNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Token not found',
    status: 404,
    detail: (name: string) => `There is no token named "${name}"; ${API_BASE}${EXTENSION_PATHS.tokens} lists them.`
  })
}
