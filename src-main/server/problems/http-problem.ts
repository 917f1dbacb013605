/** The error every route throws to answer with a problem; problems.ts makes them, problem-response.ts sends them. */
import type { FieldError, Problem } from '#shared/problem'

/** An RFC 9457 problem the API answers with, and the headers that go with it. */
export class HttpProblem extends Error {
  readonly problem: Problem
  readonly headers: Readonly<Record<string, string>>

  constructor(problem: Problem, headers: Readonly<Record<string, string>> = {}) {
    super(problem.detail)
    this.name = 'HttpProblem'
    this.problem = problem
    this.headers = headers
  }

  /** The same problem with another status, field errors or more headers. */
  with(changes: { status?: number; errors?: FieldError[]; headers?: Readonly<Record<string, string>> }): HttpProblem {
    const problem = { ...this.problem, ...(changes.status === undefined ? {} : { status: changes.status }) }
    if (changes.errors !== undefined) problem.errors = changes.errors
    return new HttpProblem(problem, { ...this.headers, ...changes.headers })
  }
}
