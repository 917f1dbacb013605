/** Rows of the problem table (problems.ts) for the till's baskets. */
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { listedWithFields, row } from '#server/problems/problem-row'

export const BASKET_PROBLEMS = {
  basketInvalid: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (errors: FieldError[]) => `The basket was not kept: ${listedWithFields(errors)}. The basket kept before is unchanged.`,
    errors: (errors) => errors
  }),
  basketNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Not found',
    status: 404,
    detail: (id: string) => `No open basket has id "${id}": PUT one to start it.`
  })
}
