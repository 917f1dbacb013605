/** The one place where anything thrown while handling a request becomes an RFC 9457 problem+json response. */
import { HTTPError } from 'h3'
import { PROBLEM_CONTENT_TYPE, type Problem } from '#shared/problem'
import {
  IdempotencyKeyReusedError,
  PlantsNotEditableError,
  StockRefusedError,
  StoreClosedError,
  VersionConflictError,
  WriteFailedError
} from '#store/errors'
import { HttpProblem } from './http-problem'
import { problem } from './problems'

/** Headers every API response carries. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff'
}

/** The JSON body of `problem`, with the members RFC 9457 names (errors[] only when there are some). */
export function problemBody(problem: Problem): string {
  const body: Problem = { type: problem.type, title: problem.title, status: problem.status, detail: problem.detail }
  if (problem.errors && problem.errors.length > 0) body.errors = problem.errors
  if (problem.oldestSeq !== undefined) body.oldestSeq = problem.oldestSeq
  if (problem.plantId !== undefined) Object.assign(body, { plantId: problem.plantId, onHand: problem.onHand })
  return JSON.stringify(body)
}

function problemResponse({ problem, headers }: HttpProblem): Response {
  return new Response(problemBody(problem), {
    status: problem.status,
    headers: { ...API_HEADERS, ...headers, 'content-type': PROBLEM_CONTENT_TYPE }
  })
}

/** Plants a delete, restore or bulk call named that it could not change (issue 15). */
function problemOfEdit({ reason, ids, restoring }: PlantsNotEditableError): HttpProblem {
  if (reason === 'notDeleted') return problem('plantNotDeleted', ids)
  return restoring ? problem('noTombstone', ids) : problem('plantsNotFound', ids)
}

/** The problem of each way a stock movement is refused. */
const STOCK_REFUSALS = { 'not-enough': 'notEnoughStock', 'too-much': 'tooMuchStock', 'not-kept': 'noStockKept' } as const

/** Turns any error thrown while handling a request into a problem+json response. */
export function toProblemResponse(error: unknown, method: string, path: string): Response {
  const cause = error instanceof HTTPError && error.cause ? error.cause : error
  if (cause instanceof HttpProblem) return problemResponse(cause)
  if (cause instanceof WriteFailedError || cause instanceof StoreClosedError) return problemResponse(problem('notSaved', cause))
  // Broken preconditions of any write (update today; delete and bulk changes alike), decided by the store.
  if (cause instanceof VersionConflictError) return problemResponse(problem('versionConflict', cause.current))
  if (cause instanceof PlantsNotEditableError) return problemResponse(problemOfEdit(cause))
  if (cause instanceof IdempotencyKeyReusedError)
    return problemResponse(problem('idempotencyKeyReused', cause.key, cause.firstPlantId, cause.firstUse))
  if (cause instanceof StockRefusedError)
    return problemResponse(problem(STOCK_REFUSALS[cause.kind], cause.plant, cause.reason, cause.change, cause.onHand))
  if (error instanceof HTTPError && error.status === 404) return problemResponse(problem('routeNotFound', method, path))
  // h3 refuses a path with a broken %-escape before routing (and so before the Host and token checks).
  if (error instanceof HTTPError && error.status === 400 && path.includes('%')) return problemResponse(problem('malformedAddress'))
  if (error instanceof HTTPError && error.status < 500 && !error.unhandled) {
    return problemResponse(
      new HttpProblem({ type: 'about:blank', title: error.statusText ?? 'Bad request', status: error.status, detail: error.message })
    )
  }
  // Unexpected: log it here, reveal nothing internal to the client.
  console.error(`[plant-store] ${method} ${path} failed:`, cause)
  return problemResponse(problem('internal'))
}
