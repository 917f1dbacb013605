/** Rows of the problem table for who may call: the token, the read-only and owner-only rules, the Host and Origin checks. */
import { PROBLEM_TYPES } from '#shared/problem'
import type { TokenRefusal } from '#server/security/access-policy'
import { row } from './problem-row'

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
    '`plant-store token` prints the current owner token (for a server started with PLANT_STORE_TOKEN, that variable is ' +
    'the owner token); `plant-store token list` shows the named tokens.',
  'not-a-till':
    "On the shop's network only a paired till's token is accepted: the owner's token and scripts' tokens work on the main " +
    'computer itself (127.0.0.1) only. Pair this till with `plant-store pair https://ADDRESS:PORT --code CODE --fingerprint SHA256`.'
}

export const ACCESS_PROBLEMS = {
  unauthorized: row<[refusal: TokenRefusal, namedTokensDamage?: string]>({
    type: PROBLEM_TYPES.unauthorized,
    title: 'Unauthorized',
    status: 401,
    // A named token cannot be told from a revoked one while their file is damaged: say so, not "rotated or revoked?".
    detail: (refusal, namedTokensDamage) =>
      namedTokensDamage === undefined
        ? UNAUTHORIZED_DETAILS[refusal]
        : `Token not accepted: every named token is refused until the token file is repaired (the owner's token still works): ${namedTokensDamage}.`,
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
  /** `what` names the address that is not ours, e.g. `Host "evil.example"`. */
  notAddressedToUs: row({
    type: PROBLEM_TYPES.forbidden,
    title: 'Forbidden',
    status: 403,
    detail: (what: string) =>
      `This server answers only requests addressed to it by its own address (${what}); use http://127.0.0.1:PORT or http://localhost:PORT.`
  }),
  /** `origin` as shown (quoted). */
  foreignOrigin: row({
    type: PROBLEM_TYPES.forbidden,
    title: 'Forbidden',
    status: 403,
    detail: (origin: string) => `Requests from other web pages (Origin ${origin}) are not accepted; no cross-origin access is granted.`
  })
}
