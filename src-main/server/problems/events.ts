/** Rows of the problem table for the change stream. */
import { API_BASE, EXTENSION_PATHS } from '#shared/api-paths'
import { PROBLEM_TYPES } from '#shared/problem'
import { row } from './problem-row'

export const EVENT_PROBLEMS = {
  tooManyStreams: row({
    type: PROBLEM_TYPES.tooManyStreams,
    title: 'Too many change streams',
    status: 503,
    detail: (max: number) =>
      `This server already sends live changes to ${max} windows or scripts, its limit. ` +
      `Close Plant Store windows or scripts that listen to ${API_BASE}${EXTENSION_PATHS.events} and are no longer needed, then try again.`,
    headers: () => ({ 'retry-after': '10' })
  })
}
