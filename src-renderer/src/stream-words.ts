/**
 * Why changes are paused while this window has no change stream, in words staff can act on. The usual reason is
 * that the server is away (it comes back by itself); but a server that is up may refuse the stream because too
 * many windows hold one (per access code, or in all), and then waiting alone never helps: someone must close some.
 */
import type { ApiError } from '#shared/api-errors'
import { PROBLEM_TYPES } from '#shared/problem'

/** The server is away, or its refusal is not one of the reasons below. */
export const SERVER_AWAY = 'Changes are paused until the server is back.'

/** Refusals of the change stream, by problem type, in the words the write controls and the banner show. */
const REFUSED: ReadonlyMap<string, string> = new Map([
  [
    PROBLEM_TYPES.tooManyStreamsForToken,
    'Changes are paused: too many Plant Store windows are open with this access code. ' +
      'Close the windows or tabs you no longer need; this one connects again by itself.'
  ],
  [
    PROBLEM_TYPES.tooManyStreams,
    'Changes are paused: the server has as many Plant Store windows open as it can serve. ' +
      'Close the windows or tabs you no longer need; this one connects again by itself.'
  ]
])

/** Why changes are paused after the stream failed with `error`. */
export function pausedReason(error: ApiError | null): string {
  return (error && REFUSED.get(error.type)) ?? SERVER_AWAY
}

/** True when the server answered and refused the stream (so "reconnecting" would be the wrong word). */
export function streamRefused(error: ApiError | null): boolean {
  return error !== null && REFUSED.has(error.type)
}
