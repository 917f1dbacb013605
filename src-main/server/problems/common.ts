/**
 * Rows of the problem table any route can answer with: faults of the request
 * itself (body, query, header, address, method) and the server's own
 * failures (a change not saved, an unexpected error).
 */
import { API_BASE, API_PATHS, MAX_BODY_BYTES } from '#shared/api-paths'
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { StoreClosedError, WriteFailedError } from '#store/errors'
import { describeWriteFailure } from '#lib/fs-errors'
import type { DamagedFileError } from '#lib/damaged-file-error'
import { fieldErrorsRow, row } from './problem-row'

export const COMMON_PROBLEMS = {
  invalidBody: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid input',
    status: 400,
    detail: (detail: string, _errors: FieldError[]) => detail,
    errors: (_detail, errors) => errors
  }),
  invalidQuery: fieldErrorsRow('The search query is not valid'),
  invalidHeader: row({
    type: PROBLEM_TYPES.invalidInput,
    title: 'Invalid header',
    status: 400,
    detail: (name: string, rule: string) => `The ${name} header is not valid: ${rule}. Nothing was changed.`
  }),
  notJson: row({
    type: PROBLEM_TYPES.unsupportedMediaType,
    title: 'Unsupported media type',
    status: 415,
    detail: (header: string) =>
      header === ''
        ? 'The request has no Content-Type; send the body as JSON with "Content-Type: application/json".'
        : `Content-Type "${header}" is not accepted; send the body as JSON with "Content-Type: application/json" (UTF-8).`
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
  bodyTooLarge: row({
    type: PROBLEM_TYPES.payloadTooLarge,
    title: 'Payload too large',
    status: 413,
    detail: (limit: number) =>
      limit === MAX_BODY_BYTES
        ? `The body is larger than ${MAX_BODY_BYTES} bytes (1 MiB); a plant needs far less.`
        : `The body is larger than ${limit} bytes (${limit / 1024 / 1024} MiB); split the file into smaller ones.`
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
  /** A refusal of h3's own (a client error it raised before any route ran), in its words. */
  refusedByRouter: row({
    type: 'about:blank',
    title: 'Bad request',
    status: 400,
    detail: (message: string, _status: number, _title?: string) => message,
    members: (_message, status, title) => ({ status, title: title ?? 'Bad request' })
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
  notSaved: row({
    type: PROBLEM_TYPES.notSaved,
    title: 'Change not saved',
    status: 503,
    detail: (cause: WriteFailedError | StoreClosedError | NodeJS.ErrnoException) =>
      cause instanceof StoreClosedError
        ? `The change was NOT saved: ${cause.message}. Try again once the server is running.`
        : `The change was NOT saved: ${cause instanceof WriteFailedError ? cause.message : describeWriteFailure(cause)}. Nothing was changed; the catalogue is still readable.`,
    headers: () => ({ 'retry-after': '5' })
  }),
  // settings.json or tokens.json cannot be used: what needs it waits until the file is repaired, the rest goes on.
  fileDamaged: row({
    type: PROBLEM_TYPES.fileDamaged,
    title: 'Data file damaged',
    status: 503,
    detail: (cause: DamagedFileError) => `Nothing was changed: ${cause.message}.`
  }),
  internal: row({
    type: PROBLEM_TYPES.internal,
    title: 'Internal error',
    status: 500,
    detail: () => 'The server hit an unexpected error; nothing was changed by this request. The server log has the details.'
  })
}
