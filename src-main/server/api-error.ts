/**
 * Errors the API answers with, and the one function that turns any thrown
 * value into an RFC 9457 problem response.
 */
import { HTTPError } from 'h3'
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, type FieldError, type Problem } from '../../src-shared/problem'
import { StoreClosedError, WriteFailedError } from '../store/group-commit'

/** An error with a status and a message a person can act on. */
export class ApiError extends Error {
  readonly problem: Problem
  readonly headers: Record<string, string>

  constructor(problem: Omit<Problem, 'detail'> & { detail: string }, headers: Record<string, string> = {}) {
    super(problem.detail)
    this.name = 'ApiError'
    this.problem = problem
    this.headers = headers
  }
}

/** Invalid request body or query, with one entry per faulty field. */
export function invalidInput(status: number, detail: string, errors: FieldError[]): ApiError {
  const headers: Record<string, string> = status === 405 ? { allow: 'GET, HEAD, POST, PUT' } : {}
  return new ApiError({ type: PROBLEM_TYPES.invalidInput, title: 'Invalid input', status, detail, errors }, headers)
}

/** Headers every API response carries. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff'
}

function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  const body: Problem = { type: problem.type, title: problem.title, status: problem.status, detail: problem.detail }
  if (problem.errors && problem.errors.length > 0) body.errors = problem.errors
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { ...API_HEADERS, ...headers, 'content-type': PROBLEM_CONTENT_TYPE }
  })
}

/** Turns any error thrown while handling a request into a problem+json response. */
export function toProblemResponse(error: unknown, method: string, path: string): Response {
  const cause = error instanceof HTTPError && error.cause ? error.cause : error
  if (cause instanceof ApiError) return problemResponse(cause.problem, cause.headers)
  if (cause instanceof WriteFailedError || cause instanceof StoreClosedError) {
    const detail = cause instanceof WriteFailedError
      ? `The change was NOT saved: ${cause.message}. Nothing was changed; the catalogue is still readable.`
      : `The change was NOT saved: ${cause.message}. Try again once the server is running.`
    return problemResponse({ type: PROBLEM_TYPES.notSaved, title: 'Change not saved', status: 503, detail }, { 'retry-after': '5' })
  }
  if (error instanceof HTTPError && error.status === 404) {
    return problemResponse({
      type: PROBLEM_TYPES.notFound,
      title: 'Not found',
      status: 404,
      detail: `There is no ${method} ${path}. The API's operations are listed in /v3/openapi.json.`
    })
  }
  if (error instanceof HTTPError && error.status === 400 && path.includes('%')) {
    // h3 refuses a path with a broken %-escape before routing (and so before the Host and token checks).
    return problemResponse({
      type: PROBLEM_TYPES.invalidInput,
      title: 'Malformed address',
      status: 400,
      detail: 'The path has a malformed %-escape (a % must be followed by two hexadecimal digits); percent-encode the address correctly.'
    })
  }
  if (error instanceof HTTPError && error.status < 500 && !error.unhandled) {
    return problemResponse({ type: 'about:blank', title: error.statusText ?? 'Bad request', status: error.status, detail: error.message })
  }
  // Unexpected: log it here, reveal nothing internal to the client.
  console.error(`[plant-store] ${method} ${path} failed:`, cause)
  return problemResponse({
    type: PROBLEM_TYPES.internal,
    title: 'Internal error',
    status: 500,
    detail: 'The server hit an unexpected error; nothing was changed by this request. The server log has the details.'
  })
}
