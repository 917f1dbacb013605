/**
 * Every problem the API answers with, in one table: its type (a stable URN a
 * script can switch on), title, status and the words of its detail. Routes
 * pick a row by name with {@link problem}; no route writes a problem inline.
 */
import { API_BASE, API_PATHS, EXTENSION_PATHS } from '#shared/api-paths'
import { plantEtag } from '#shared/etag'
import type { Plant } from '#shared/plant'
import { formatRowError, type ImportRowError } from '#shared/import-export'
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { countOf } from '#shared/words'
import { WriteFailedError, type StoreClosedError } from '#store/errors'
import type { TokenRefusal } from '#server/security/access-policy'
import { HttpProblem } from './http-problem'
import { row, type ProblemRow } from './problem-row'
import { HISTORY_PROBLEMS } from './problems-history'
import { STOCK_PROBLEMS } from './problems-stock'
import { TILL_PROBLEMS } from './problems-till'
import { ALLOWED_METHODS } from '#server/urls'

const UNAUTHORIZED_DETAILS: Record<TokenRefusal, string> = {
  missing:
    'No token sent: requests to /v3 need "Authorization: Bearer TOKEN". `plant-store token` prints the owner\'s token; ' +
    '`plant-store token add NAME` makes one for a script.',
  'wrong-scheme': 'Malformed Authorization header: it must use the Bearer scheme, as in "Authorization: Bearer TOKEN".',
  malformed:
    'Malformed Authorization header: "Bearer" must be followed by exactly one token, as in "Authorization: Bearer TOKEN" ' +
    '(no token at all usually means the command that should have printed it failed).',
  invalid:
    "Token not accepted (rotated or revoked?): it is neither the owner's current token nor a named token. " +
    '`plant-store token` prints the current owner token; `plant-store token list` shows the named tokens.'
}

const listed = (errors: readonly FieldError[]) => errors.map((error) => error.message).join('; ')
const asErrors = (errors: FieldError[]) => errors
/** A 405 at /v3/plant names what the path does answer. */
const allowPlantMethods = () => ({ allow: ALLOWED_METHODS[API_PATHS.plant].join(', ') })

export const PROBLEMS = {
  ...TILL_PROBLEMS,
  ...HISTORY_PROBLEMS,
  ...STOCK_PROBLEMS,
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
  importCatalogueChanged: row({
    type: PROBLEM_TYPES.versionConflict,
    title: 'Import not applied',
    status: 409,
    detail: (attempts: number) =>
      `Nothing was imported: the catalogue kept changing while the file was being checked (${countOf(attempts, 'try', 'tries')}); import it again when fewer changes are being made.`
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
  compressedBody: row({
    type: PROBLEM_TYPES.unsupportedMediaType,
    title: 'Unsupported media type',
    status: 415,
    detail: (coding: string) =>
      `Content-Encoding "${coding.slice(0, 100)}" is not accepted: compressed bodies are not accepted. ` +
      'Send the JSON uncompressed, without a Content-Encoding header.',
    // RFC 9110 §15.5.16: Accept-Encoding names the codings that would have been accepted.
    headers: () => ({ 'accept-encoding': 'identity' })
  }),
  tooManyStreams: row({
    type: PROBLEM_TYPES.tooManyStreams,
    title: 'Too many change streams',
    status: 503,
    detail: (max: number) =>
      `This server already sends live changes to ${max} windows or scripts, its limit. ` +
      `Close Plant Store windows or scripts that listen to ${API_BASE}/events and are no longer needed, then try again.`,
    headers: () => ({ 'retry-after': '10' })
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
  unauthorized: row({
    type: PROBLEM_TYPES.unauthorized,
    title: 'Unauthorized',
    status: 401,
    detail: (refusal: TokenRefusal) => UNAUTHORIZED_DETAILS[refusal],
    // RFC 6750 §3.1: an error code only when a Bearer token was actually presented.
    headers: (refusal) => ({
      'www-authenticate':
        refusal === 'malformed' || refusal === 'invalid' ? 'Bearer realm="plant-store", error="invalid_token"' : 'Bearer realm="plant-store"'
    })
  }),
  readOnlyToken: row({
    type: PROBLEM_TYPES.readOnlyToken,
    title: 'Forbidden',
    status: 403,
    detail: (name: string, method: string) =>
      `This token may only read: the token "${name}" is read-only, so ${method} requests are refused and nothing was changed. ` +
      'Use a token made without --read-only for changes.'
  }),
  ownerOnly: row({
    type: PROBLEM_TYPES.forbidden,
    title: 'Forbidden',
    status: 403,
    detail: (name: string, what = 'manage tokens') => `Only the owner's token may ${what}; this request came with the token "${name}".`
  }),
  versionConflict: row({
    type: PROBLEM_TYPES.versionConflict,
    title: 'Precondition Failed',
    status: 412,
    detail: (current: Plant) =>
      `Plant ${current.id}${current.name === undefined ? '' : ` ("${current.name}")`} was changed since you read it: ` +
      `it is now at version ${current.version} (ETag ${plantEtag(current.id, current.version)}). Nothing was changed. ` +
      `Read it again (GET ${API_BASE}${EXTENSION_PATHS.plantById.replace('{id}', String(current.id))}) and send your change again if it still applies.`,
    headers: (current) => ({ etag: plantEtag(current.id, current.version) })
  }),
  invalidHeader: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid header',
    status: 400,
    detail: (name: string, rule: string) => `The ${name} header is not valid: ${rule}. Nothing was changed.`
  }),
  idempotencyKeyReused: row({
    type: PROBLEM_TYPES.idempotencyKeyReused,
    title: 'Idempotency key reused',
    status: 422,
    detail: (key: string, firstPlantId: number, firstUse: 'add' | 'stock' = 'add') =>
      firstUse === 'add'
        ? `The Idempotency-Key "${key}" was already used for a different add (the one that added plant ${firstPlantId}); ` +
          'nothing was added. Use a new key for a new plant, and the same key only to retry the same add.'
        : `The Idempotency-Key "${key}" was already used for a different call (the one that moved the stock of plant ${firstPlantId}); ` +
          'nothing was changed. Use a new key for each new stock movement, and the same key only to retry the same one.'
  }),
  tokenNameRefused: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (message: string) => `The token was not made: ${message}.`,
    errors: (message) => [{ field: 'name', message }]
  }),
  tokenNameTaken: row({
    type: PROBLEM_TYPES.tokenNameTaken,
    title: 'Token name taken',
    status: 409,
    detail: (message: string) => `The token was not made: ${message}.`
  }),
  tokenNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Token not found',
    status: 404,
    detail: (name: string) => `There is no token named "${name}"; ${API_BASE}${EXTENSION_PATHS.tokens} lists them.`
  }),
  backupFolderRefused: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Backup folder refused',
    status: 422,
    detail: (message: string) => `The backup folder was not changed: ${message}.`,
    errors: (message) => [{ field: 'dir', message }]
  }),
  backupNotMade: row({
    type: PROBLEM_TYPES.backupNotMade,
    title: 'Backup not made',
    status: 409,
    detail: (reason: string) => `No backup was made: ${reason}.`
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
      ...(errors === undefined ? {} : { errors }),
      ...definition.members?.(...facts)
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
