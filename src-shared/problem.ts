/** One field-level complaint inside a problem (`errors[]`). */
export interface FieldError {
  /** The body field or query parameter concerned, e.g. `name` or `tags[2]`. */
  field: string
  message: string
}

/** RFC 9457 problem details, the body of every error response. */
export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  errors?: FieldError[]
  /** 410 at /v3/changes (extension): the oldest seq the change log still keeps. */
  oldestSeq?: number
  /** 409 of a stock movement (extension): the plant whose stock refused it, and the pots it has on hand. */
  plantId?: number
  onHand?: number
  /** 403 of a wrong PIN (extension): the tries left before the member is locked out. */
  attemptsLeft?: number
  /** 422 of an import (extension): errors found beyond the first ones listed in `errors`. */
  moreErrors?: number
}

/** Media type of every error body. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** The problem types this API returns; each is a stable URN a script can switch on. */
export const PROBLEM_TYPES = {
  invalidInput: 'urn:plant-store:problem:invalid-input',
  invalidId: 'urn:plant-store:problem:invalid-id',
  notFound: 'urn:plant-store:problem:not-found',
  methodNotAllowed: 'urn:plant-store:problem:method-not-allowed',
  unsupportedMediaType: 'urn:plant-store:problem:unsupported-media-type',
  payloadTooLarge: 'urn:plant-store:problem:payload-too-large',
  notSaved: 'urn:plant-store:problem:not-saved',
  salesLedgerDamaged: 'urn:plant-store:problem:sales-ledger-damaged',
  /** 503: a file of the data folder (settings.json, tokens.json) is damaged; the detail says how to repair it (extension). */
  fileDamaged: 'urn:plant-store:problem:file-damaged',
  unauthorized: 'urn:plant-store:problem:unauthorized',
  forbidden: 'urn:plant-store:problem:forbidden',
  internal: 'urn:plant-store:problem:internal',
  /** 412: If-Match named another version than the plant's current one (extension). */
  versionConflict: 'urn:plant-store:problem:version-conflict',
  /** 422: an Idempotency-Key came back with a different body (extension). */
  idempotencyKeyReused: 'urn:plant-store:problem:idempotency-key-reused',
  /** 403: a read-only token tried to change something (extension). */
  readOnlyToken: 'urn:plant-store:problem:read-only-token',
  /** 409: a named token with this name exists already (extension). */
  tokenNameTaken: 'urn:plant-store:problem:token-name-taken',
  /** 503: the server already serves as many change streams as it allows (extension). */
  tooManyStreams: 'urn:plant-store:problem:too-many-streams',
  /** 429: one named token already holds its share of the change streams (extension). */
  tooManyStreamsForToken: 'urn:plant-store:problem:too-many-streams-for-token',
  /** 409: no backup folder is set, or the backup into it failed (extension). */
  backupNotMade: 'urn:plant-store:problem:backup-not-made',
  /** 409: a restore named a plant that is not deleted (extension). */
  plantNotDeleted: 'urn:plant-store:problem:plant-not-deleted',
  /** 410: a change feed cursor older than the kept change log (extension). */
  historyGone: 'urn:plant-store:problem:history-gone',
  /** 409: a stock movement would take a line below zero (extension). */
  notEnoughStock: 'urn:plant-store:problem:not-enough-stock',
  /** 409: a stock movement would take a line above the most it holds (extension). */
  stockLimit: 'urn:plant-store:problem:stock-limit',
  /** 409: pots taken from a plant that keeps no stock count (extension). */
  noStockKept: 'urn:plant-store:problem:no-stock-kept',
  /** 403: staff members are set up and this write came without a member's session, or after it ended (extension). */
  staffSessionNeeded: 'urn:plant-store:problem:staff-session-needed',
  /** 403: the member at the till may not do this (their role, or their refund limit) (extension). */
  staffNotAllowed: 'urn:plant-store:problem:staff-not-allowed',
  /** 403: a wrong PIN; 423 once the member is locked out (extension). */
  wrongPin: 'urn:plant-store:problem:wrong-pin',
  staffLockedOut: 'urn:plant-store:problem:staff-locked-out',
  /** 409: a staff change that would leave no owner to manage staff (extension). */
  staffRule: 'urn:plant-store:problem:staff-rule',
  /** 409: the payments of a sale come to less than its total (extension). */
  paymentShort: 'urn:plant-store:problem:payment-short',
  /** 409: a refund of more than is left to refund of a sale line (extension). */
  refundBeyondSale: 'urn:plant-store:problem:refund-beyond-sale',
  /** 409: a day's close that names a day closed already (extension). */
  dayClosedAlready: 'urn:plant-store:problem:day-closed-already',
  /** 409: a day's close that names a day after the one being traded (not started yet) (extension). */
  dayNotStarted: 'urn:plant-store:problem:day-not-started',
  /** 409: other tills may not connect (no LAN address set, or the listener is not up) (extension). */
  lanOff: 'urn:plant-store:problem:lan-off',
  /** 409: this computer cannot listen at the LAN address or port asked for; the listener stays as it was (extension). */
  lanNotListening: 'urn:plant-store:problem:lan-not-listening',
  /** 403: a pairing code that is wrong, used already or expired (extension). */
  pairingRefused: 'urn:plant-store:problem:pairing-refused',
  /** 429: too many pairing attempts this minute (extension). */
  tooManyAttempts: 'urn:plant-store:problem:too-many-attempts',
  /** 502/503 on a till: the shop's main computer cannot be reached, or its certificate is not the one paired with (extension). */
  primaryUnreachable: 'urn:plant-store:problem:primary-unreachable',
  certificateChanged: 'urn:plant-store:problem:certificate-changed',
  /** 401 on a till: the main computer no longer accepts this till (revoked) (extension). */
  tillRevoked: 'urn:plant-store:problem:till-revoked',
  /** 400 at a first run: the computer at the address does not show the certificate with the fingerprint given (extension). */
  fingerprintMismatch: 'urn:plant-store:problem:fingerprint-mismatch',
  /** 400 at a first run: something answers at the address but not in TLS (the main computer's local port, say) (extension). */
  addressNotTls: 'urn:plant-store:problem:address-not-tls',
  /** 409: this computer is set up already (the main computer, or a till), or its first-run choice is being made (extension). */
  setUpAlready: 'urn:plant-store:problem:set-up-already',
  /** 503 at a first run: nothing but the first-run screen until this computer is set up (extension). */
  notSetUp: 'urn:plant-store:problem:not-set-up'
} as const
