/** The shape of one row of the problem table (problems.ts), and what rows share. */
import { PROBLEM_TYPES, type FieldError, type Problem } from '#shared/problem'

/** One row: what every answer of this kind shares, and how its detail (and any field errors or headers) follow from the facts. */
export interface ProblemRow<A extends unknown[]> {
  type: string
  title: string
  status: number
  detail: (...facts: A) => string
  errors?: (...facts: A) => FieldError[]
  /** Members beyond RFC 9457's (e.g. `oldestSeq`), or a status and title the facts decide. */
  members?: (...facts: A) => Partial<Problem>
  headers?: (...facts: A) => Record<string, string>
}

export const row = <A extends unknown[]>(definition: ProblemRow<A>): ProblemRow<A> => definition

/** Field errors as one sentence's worth of messages: "name must not be blank; tags must be an array". */
export const listed = (errors: readonly FieldError[]) => errors.map((error) => error.message).join('; ')

/** Field errors with their fields: "changes.status: status must be one of …" (a fault of the whole body has no field to name). */
export const listedWithFields = (errors: readonly FieldError[]) =>
  errors.map((error) => (error.field === '' ? error.message : `${error.field}: ${error.message}`)).join('; ')

/**
 * A row for a body or query refused field by field: the detail says `what` was not done and lists the faults
 * (with their fields when `withFields`), errors[] names each. Invalid input, 400, unless told otherwise.
 */
export function fieldErrorsRow(
  what: string,
  options: { status?: number; type?: string; title?: string; withFields?: boolean; headers?: () => Record<string, string> } = {}
): ProblemRow<[errors: FieldError[]]> {
  const words = options.withFields ? listedWithFields : listed
  return {
    type: options.type ?? PROBLEM_TYPES.invalidInput,
    title: options.title ?? 'Invalid input',
    status: options.status ?? 400,
    detail: (errors) => `${what}: ${words(errors)}.`,
    errors: (errors) => errors,
    ...(options.headers ? { headers: options.headers } : {})
  }
}
