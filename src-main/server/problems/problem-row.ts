/** The shape of one row of the problem table (problems.ts). */
import type { FieldError, Problem } from '#shared/problem'

/** One row: what every answer of this kind shares, and how its detail (and any field errors or headers) follow from the facts. */
export interface ProblemRow<A extends unknown[]> {
  type: string
  title: string
  status: number
  detail: (...facts: A) => string
  errors?: (...facts: A) => FieldError[]
  /** Members beyond RFC 9457's (e.g. `oldestSeq`). */
  members?: (...facts: A) => Partial<Problem>
  headers?: (...facts: A) => Record<string, string>
}

export const row = <A extends unknown[]>(definition: ProblemRow<A>): ProblemRow<A> => definition
