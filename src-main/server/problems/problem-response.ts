/** The one place where anything thrown while handling a request becomes an RFC 9457 problem+json response. */
import { HTTPError } from 'h3'
import { PROBLEM_CONTENT_TYPE, type Problem } from '#shared/problem'
import { problemOfDomainError } from './domain-errors'
import { HttpProblem } from './http-problem'
import { problem } from './problems'

/** Headers every API response carries. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff'
}

/** The JSON body of `problem`, with the members RFC 9457 names (errors[] only when there are some). */
export function problemBody(problem: Problem): string {
  return JSON.stringify(problemMembers(problem))
}

/** The members of `problem` its JSON body carries (also one result of a call that answers for many). */
export function problemMembers(problem: Problem): Problem {
  const body: Problem = { type: problem.type, title: problem.title, status: problem.status, detail: problem.detail }
  if (problem.errors && problem.errors.length > 0) body.errors = problem.errors
  if (problem.oldestSeq !== undefined) body.oldestSeq = problem.oldestSeq
  if (problem.moreErrors !== undefined) body.moreErrors = problem.moreErrors
  if (problem.plantId !== undefined) Object.assign(body, { plantId: problem.plantId, onHand: problem.onHand })
  if (problem.attemptsLeft !== undefined) body.attemptsLeft = problem.attemptsLeft
  return body
}

/** The problem of an error h3 raised itself (no route, a malformed address), or undefined for any other. */
function problemOfRouter(error: unknown, method: string, path: string): HttpProblem | undefined {
  if (!(error instanceof HTTPError)) return undefined
  if (error.status === 404) return problem('routeNotFound', method, path)
  // h3 refuses a path with a broken %-escape before routing (and so before the Host and token checks).
  if (error.status === 400 && path.includes('%')) return problem('malformedAddress')
  if (error.status < 500 && !error.unhandled) return problem('refusedByRouter', error.message, error.status, error.statusText)
  return undefined
}

/** The problem any error thrown while handling a request becomes (an unexpected one is logged, and a bare 500). */
export function problemOf(error: unknown, method: string, path: string): HttpProblem {
  const cause = error instanceof HTTPError && error.cause ? error.cause : error
  return (
    (cause instanceof HttpProblem ? cause : undefined) ??
    problemOfDomainError(cause) ??
    problemOfRouter(error, method, path) ??
    unexpected(cause, method, path)
  )
}

/** Turns any error thrown while handling a request into a problem+json response. */
export function toProblemResponse(error: unknown, method: string, path: string): Response {
  const answer = problemOf(error, method, path)
  return new Response(problemBody(answer.problem), {
    status: answer.problem.status,
    headers: { ...API_HEADERS, ...answer.headers, 'content-type': PROBLEM_CONTENT_TYPE }
  })
}

/** An unexpected error: logged here, and nothing internal revealed to the client. */
function unexpected(cause: unknown, method: string, path: string): HttpProblem {
  console.error(`[plant-store] ${method} ${path} failed:`, cause)
  return problem('internal')
}
