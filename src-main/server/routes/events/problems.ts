/** Rows of the problem table for the change stream. */
import { API_BASE, EXTENSION_PATHS } from '#shared/api-paths'
import { PROBLEM_TYPES } from '#shared/problem'
import { row } from '#server/problems/problem-row'

export const EVENT_PROBLEMS = {
  tooManyStreams: row({
    type: PROBLEM_TYPES.tooManyStreams,
    title: 'Too many change streams',
    status: 503,
    detail: (max: number) =>
      `This server already sends live changes to ${max} windows or scripts, its limit. ` +
      `Close Plant Store windows or scripts that listen to ${API_BASE}${EXTENSION_PATHS.events} and are no longer needed, then try again.`,
    headers: () => ({ 'retry-after': '10' })
  }),
  tooManyStreamsForToken: row({
    type: PROBLEM_TYPES.tooManyStreamsForToken,
    title: 'Too many change streams for this token',
    status: 429,
    detail: (name: string, max: number) =>
      `The token "${name}" already has ${max} open streams of live changes, as many as one token may hold, so that it cannot ` +
      `take the places other windows need. Close windows or scripts that use this token to listen to ${API_BASE}${EXTENSION_PATHS.events}, ` +
      'or give each script its own token, then try again.',
    headers: () => ({ 'retry-after': '10' })
  })
}
