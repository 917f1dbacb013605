/**
 * The typed client's errors: every failed request arrives as an
 * {@link ApiError} built from the server's problem+json, or with status 0
 * when the server could not be reached at all. Runs in Node and in browsers.
 */
import { PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from './problem'
import { dictionary } from './dictionary'
import { parsePlantEtag } from './etag'
import { AppError } from './app-error'

/** A failed request, as the server explained it (RFC 9457), or status 0 when it could not be reached. */
export class ApiError extends AppError {
  readonly status: number
  readonly type: string
  readonly title: string
  readonly detail: string
  readonly errors: FieldError[]
  /** A refused stock movement (409): the pots its plant has on hand. */
  readonly onHand: number | undefined
  /** A refused change (412): the plant that was changed since, from the answer's ETag (a bulk call's names which one). */
  readonly changedPlant: { id: number; version: number } | undefined
  /** A refused import (422): errors found beyond those listed in `errors`. */
  readonly moreErrors: number | undefined

  constructor(problem: Problem, changedPlant?: { id: number; version: number }) {
    super(problem.detail)
    this.name = 'ApiError'
    this.status = problem.status
    this.type = problem.type
    this.title = problem.title
    this.detail = problem.detail
    this.errors = problem.errors ?? []
    this.onHand = problem.onHand
    this.changedPlant = changedPlant
    this.moreErrors = problem.moreErrors
  }

  /** True when no answer came at all (server stopped, network down). */
  get unreachable(): boolean {
    return this.status === 0
  }

  /** True for 412: the plant was changed since the If-Match version was read. */
  get conflict(): boolean {
    return this.status === 412
  }

  /** The messages of `errors[]` by top-level field (see {@link errorsByField}). */
  byField(): Record<string, string[]> {
    return errorsByField(this.errors)
  }
}

/** Groups field errors by top-level field: `tags[2]` is filed under `tags`, the body as a whole under ''. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string[]> {
  const fields = dictionary<string[]>() // an unknown key `__proto__` is reported under its own name
  for (const error of errors) {
    const field = /^[^[.]*/.exec(error.field)?.[0] ?? ''
    ;(fields[field] ??= []).push(error.message)
  }
  return fields
}

/** Turns a failed response into an ApiError, whether or not it carries problem+json. */
export async function toApiError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? ''
  const text = await response.text().catch(() => '')
  if (type.startsWith(PROBLEM_CONTENT_TYPE) || type.startsWith('application/json')) {
    try {
      const body = JSON.parse(text) as Partial<Problem>
      if (typeof body.detail === 'string') {
        const etag = response.status === 412 ? response.headers.get('etag') : null
        return new ApiError(
          {
            type: body.type ?? 'about:blank',
            title: body.title ?? response.statusText,
            status: response.status,
            detail: body.detail,
            errors: Array.isArray(body.errors) ? body.errors : [],
            ...(typeof body.onHand === 'number' ? { onHand: body.onHand } : {}),
            ...(typeof body.moreErrors === 'number' ? { moreErrors: body.moreErrors } : {})
          },
          etag ? parsePlantEtag(etag) : undefined
        )
      }
    } catch {
      // not JSON after all: fall through to the plain description
    }
  }
  const title = response.statusText || `HTTP ${response.status}`
  return new ApiError({ type: 'about:blank', title, status: response.status, detail: text.slice(0, 300) || title })
}

/** The ApiError of a request that got no answer at all. */
export function unreachable(error: unknown): ApiError {
  const reason = error instanceof Error ? error.message : String(error)
  return new ApiError({
    type: 'about:blank',
    title: 'Server unreachable',
    status: 0,
    detail: `The Plant Store server did not answer (${reason}). Is it running?`
  })
}

/** True for the rejection of a request cancelled on purpose (a newer search replaced it, a stream was stopped). */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}
