/**
 * Every problem the API answers with, in one table: its type (a stable URN a
 * script can switch on), title, status and the words of its detail. Routes
 * pick a row by name with {@link problem}; no route writes a problem inline.
 */
import { API_BASE, API_PATHS } from '../../src-shared/api-paths'
import { formatRowError, type ImportRowError } from '../../src-shared/import-export'
import { PROBLEM_TYPES, type FieldError } from '../../src-shared/problem'
import { countOf } from '../../src-shared/words'
import { WriteFailedError, type StoreClosedError } from '../store/errors'
import { HttpProblem } from './http-problem'
import { ALLOWED_METHODS } from './urls'

/** One row: what every answer of this kind shares, and how its detail (and any field errors or headers) follow from the facts. */
interface ProblemRow<A extends unknown[]> {
  type: string
  title: string
  status: number
  detail: (...facts: A) => string
  errors?: (...facts: A) => FieldError[]
  headers?: (...facts: A) => Record<string, string>
}

const row = <A extends unknown[]>(definition: ProblemRow<A>): ProblemRow<A> => definition

const listed = (errors: readonly FieldError[]) => errors.map((error) => error.message).join('; ')
const asErrors = (errors: FieldError[]) => errors
/** A 405 at /v3/plant names what the path does answer. */
const allowPlantMethods = () => ({ allow: ALLOWED_METHODS[API_PATHS.plant].join(', ') })

export const PROBLEMS = {
  invalidBody: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (detail: string, _errors: FieldError[]) => detail,
    errors: (_detail, errors) => errors
  }),
  plantNotAdded: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 405, // the contract's code for invalid input to add-plant
    detail: (errors: FieldError[]) => `The plant was not added: ${listed(errors)}.`,
    errors: asErrors,
    headers: allowPlantMethods
  }),
  plantNotUpdated: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (errors: FieldError[]) => `The plant was not updated: ${listed(errors)}.`,
    errors: asErrors
  }),
  invalidQuery: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (errors: FieldError[]) => `The search query is not valid: ${listed(errors)}.`,
    errors: asErrors
  }),
  invalidId: row({
    type: PROBLEM_TYPES.invalidId,
    title: 'Invalid ID supplied',
    status: 400,
    detail: (errors: FieldError[]) => `The plant id is not valid: ${listed(errors)}.`,
    errors: asErrors
  }),
  importRejected: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Import not applied',
    status: 422,
    detail: (errors: ImportRowError[]) =>
      `Nothing was imported: the file has ${countOf(errors.length, 'error')}, the first being ${formatRowError(errors[0]!)}. Fix the rows and import again.`,
    errors: (errors) => errors
  }),
  unsupportedImportType: row({
    type: PROBLEM_TYPES.unsupportedMediaType,
    title: 'Unsupported media type',
    status: 415,
    detail: (header: string) => `Content-Type "${header}" is not accepted for an import; send the file as "text/csv" or "application/json" (UTF-8).`
  }),
  plantNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Plant not found',
    status: 404,
    detail: (id: number) => `There is no plant with id ${id}. Search ${API_BASE}${API_PATHS.searchByStatus} to find the right id.`
  }),
  routeNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Not found',
    status: 404,
    detail: (method: string, path: string) => `There is no ${method} ${path}. The API's operations are listed in ${API_BASE}${API_PATHS.openapi}.`
  }),
  methodNotAllowed: row({
    type: PROBLEM_TYPES.methodNotAllowed,
    title: 'Method not allowed',
    status: 405,
    detail: (path: string, method: string, allow: string) => `${API_BASE}${path} does not answer ${method}; it answers ${allow}.`,
    headers: (_path, _method, allow) => ({ allow })
  }),
  malformedAddress: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Malformed address',
    status: 400,
    detail: () => 'The path has a malformed %-escape (a % must be followed by two hexadecimal digits); percent-encode the address correctly.'
  }),
  notSaved: row({
    type: PROBLEM_TYPES.notSaved,
    title: 'Change not saved',
    status: 503,
    detail: (cause: WriteFailedError | StoreClosedError) =>
      cause instanceof WriteFailedError
        ? `The change was NOT saved: ${cause.message}. Nothing was changed; the catalogue is still readable.`
        : `The change was NOT saved: ${cause.message}. Try again once the server is running.`,
    headers: () => ({ 'retry-after': '5' })
  }),
  uiNotBuilt: row({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    detail: (dir: string) =>
      `The staff UI is not built (no index.html in ${dir}). Run \`npm run build\`, then restart the server. The API at /v3 works meanwhile.`
  }),
  // Requests Node's HTTP parser refuses before h3 sees them (start-server.ts answers them on the socket).
  headersTooLarge: row({
    type: 'about:blank',
    title: 'Request Header Fields Too Large',
    status: 431,
    detail: () => 'The address or the headers are too long; send a shorter request.'
  }),
  requestTimeout: row({
    type: 'about:blank',
    title: 'Request Timeout',
    status: 408,
    detail: () => 'The request was not sent in time; send it again.'
  }),
  malformedRequest: row({
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: () => 'The request is not valid HTTP (e.g. a malformed header line); check how it is built.'
  }),
  internal: row({
    type: PROBLEM_TYPES.internal,
    title: 'Internal error',
    status: 500,
    detail: () => 'The server hit an unexpected error; nothing was changed by this request. The server log has the details.'
  })
}

export type ProblemName = keyof typeof PROBLEMS
type Facts<N extends ProblemName> = Parameters<(typeof PROBLEMS)[N]['detail']>

/** The problem of row `name`, its detail worded from `facts`. */
export function problem<N extends ProblemName>(name: N, ...facts: Facts<N>): HttpProblem {
  const definition = PROBLEMS[name] as ProblemRow<Facts<N>>
  const errors = definition.errors?.(...facts)
  return new HttpProblem(
    {
      type: definition.type,
      title: definition.title,
      status: definition.status,
      detail: definition.detail(...facts),
      ...(errors === undefined ? {} : { errors })
    },
    definition.headers?.(...facts)
  )
}

/**
 * A body that could not be read as a plant: `status` is the operation's code
 * for invalid input (405 for add-plant, as the contract says; 400 otherwise).
 */
export function invalidInput(status: number, detail: string, errors: FieldError[]): HttpProblem {
  const answer = problem('invalidBody', detail, errors)
  return status === 405 ? answer.with({ status, headers: allowPlantMethods() }) : answer.with({ status })
}
