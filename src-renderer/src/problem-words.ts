/**
 * Every problem the server can answer, in the words of the shop: what happened and what to do. The server's `detail`
 * is written for scripts as much as for people (it names paths, JSON bodies and headers), so the UI shows it only
 * when it holds none of those; otherwise the row's own sentence, built from the problem's structured fields.
 * Keyed by PROBLEM_TYPES' names, so a new problem type cannot reach the UI without words (the type checker says so).
 */
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'

/** What a row may read of a problem: the ApiError's fields the words are made of. */
export interface ProblemFacts {
  status: number
  type: string
  title: string
  detail: string
  errors: readonly FieldError[]
  /** A refused stock movement: the pots its plant has on hand. */
  onHand?: number | undefined
}

/**
 * API words staff never see: a method followed by a path, the API's base path, a JSON body, a problem URN, a header
 * or token name. One list, read by the words below and by the test that scans every string of the UI.
 */
export const API_WORDS: readonly RegExp[] = [
  /\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s+\//,
  /\/v3\b/,
  /\{\s*"/,
  /\burn:/i,
  /\bIdempotency-Key\b/i,
  /\bIf-Match\b/i,
  /\bETag\b/,
  /\bLast-Event-ID\b/i,
  /\bContent-Type\b/i,
  /\bx-plant-store-/i,
  /\bBearer\b/,
  /\bAuthorization\b/
]

/** True when `text` holds an API word a person at the counter should never read. */
export function hasApiWords(text: string): boolean {
  return API_WORDS.some((pattern) => pattern.test(text))
}

/** What staff are told when the server refuses this window's token (e.g. after `plant-store token --rotate`). */
export const ACCESS_EXPIRED = 'This window’s access has expired — open the new link, or paste the access code'

/** Said when a problem's own words cannot be shown: nothing was changed, and what to try. */
export const GENERIC_PROBLEM = 'That did not work, and nothing was changed. Try again; if it keeps happening, restart Plant Store.'

/** The server's detail when it is words for people, else `instead`. */
const detailOr =
  (instead: string) =>
  (problem: ProblemFacts): string =>
    hasApiWords(problem.detail) ? instead : problem.detail

/** The field messages as sentences ("Name must not be blank."), when they are words for people. */
function fieldWords(errors: readonly FieldError[]): string | undefined {
  const messages = errors.map((error) => error.message).filter((message) => message !== '' && !hasApiWords(message))
  if (messages.length === 0 || messages.length < errors.length) return undefined
  return messages.map((message) => `${message.charAt(0).toUpperCase()}${message.slice(1)}`).join('. ') + '.'
}

const ASK_FOR_CODE = 'Make a new pairing code on the main computer (Settings → Let other tills connect), then connect again.'
const COUNT_IT = 'If the shelf holds more, count it first (Count it in the basket, or Stock → Stock-take).'

type Words = (problem: ProblemFacts) => string

/** The words of each problem type. */
export const PROBLEM_WORDS: Record<keyof typeof PROBLEM_TYPES, Words> = {
  invalidInput: (problem) =>
    fieldWords(problem.errors) ?? detailOr('Something typed was not accepted, and nothing was changed: check the fields and try again.')(problem),
  invalidId: () => 'That is not a number the shop uses (a plant code such as PS-12, or a receipt number): check it and try again.',
  notFound: (problem) =>
    problem.title === 'Plant deleted'
      ? 'This plant was deleted. A manager can bring it back from the catalogue within 30 days.'
      : detailOr('It is not there any more: it was deleted, or the number is mistyped. Check it and try again.')(problem),
  methodNotAllowed: () => 'This screen asked for something Plant Store does not do here. Reload the page and try again.',
  unsupportedMediaType: () => 'Plant Store does not read this kind of file: save it as CSV (UTF-8) or as a spreadsheet, and import it again.',
  payloadTooLarge: detailOr('That is too much to send at once: split the file into smaller ones and import each.'),
  notSaved: detailOr('Nothing was saved: this computer could not write its data (the disk may be full). Free some space, then try again.'),
  salesLedgerDamaged: () =>
    'The record of sales cannot be read, so nothing was sold, refunded or closed. The catalogue still works. ' +
    'Call whoever looks after the shop’s computer: the latest backup holds the sales.',
  fileDamaged: detailOr(
    'A file of Plant Store’s data is damaged, so this cannot be done. Restore the latest backup, or call whoever looks after the computer.'
  ),
  unauthorized: () => ACCESS_EXPIRED,
  forbidden: detailOr('This screen may not do that. Ask the shop owner.'),
  internal: () => 'Something went wrong inside Plant Store, and nothing was changed. Try again; if it keeps happening, restart Plant Store.',
  versionConflict: () =>
    'Someone changed this meanwhile (at the till or in another window), so nothing was changed. Look at it again and make your change once more.',
  idempotencyKeyReused: () => 'This was sent before with something else in it, so nothing was changed. Start it again from the beginning.',
  readOnlyToken: () => 'This screen may only look (read-only key): ask the shop owner for a key that may change things.',
  tokenNameTaken: detailOr('That name is taken already: choose another.'),
  tooManyStreams: () =>
    'The server has as many Plant Store windows open as it can serve. Close the windows or tabs you no longer need, then try again.',
  tooManyStreamsForToken: () =>
    'Too many Plant Store windows are open with this access code. Close the windows or tabs you no longer need, then try again.',
  backupNotMade: detailOr('No backup was made. Check the backup folder in Settings, then try again.'),
  plantNotDeleted: detailOr('That plant is not deleted, so there is nothing to bring back.'),
  historyGone: () => 'The list of changes started again (a backup was restored): reload the page.',
  notEnoughStock: (problem) =>
    /single plant/.test(problem.detail)
      ? 'That plant is sold already (a single plant, not counted in pots): nothing was changed.'
      : `Not enough in stock: the count says ${problem.onHand === undefined || problem.onHand <= 0 ? 'none' : `only ${problem.onHand}`}, so nothing was changed. ${COUNT_IT}`,
  stockLimit: detailOr('That would be more pots than one plant line holds: nothing was changed.'),
  noStockKept: () =>
    'This plant is not counted in pots (a single plant): it is sold one at a time. Give it a stock in the catalogue to start counting it.',
  staffSessionNeeded: (problem) =>
    /session ended/.test(problem.detail)
      ? 'The till locked (it was idle, or your PIN changed): sign in with your PIN and try again. Nothing was changed.'
      : 'Who is selling? Sign in with your PIN, then try again. Nothing was changed.',
  staffNotAllowed: detailOr('Your role may not do this: ask a manager or the owner.'),
  wrongPin: detailOr('That PIN is not right: try again.'),
  staffLockedOut: detailOr('Locked out after too many wrong PINs: the owner can unlock you in Settings → Staff.'),
  staffRule: detailOr('Nothing was changed: the shop must keep an owner who manages staff.'),
  paymentShort: () => 'The payments come to less than the total: add what is missing, then complete the sale. Nothing was sold.',
  refundBeyondSale: () => 'That is more than is left to refund on this receipt: refund fewer pots. Nothing was refunded.',
  dayClosedAlready: () => 'This day is closed already (its Z report is made). Open Day again to see the day being traded.',
  dayNotStarted: () => 'That day has not started yet: only the day being traded can be closed.',
  lanOff: () => 'Other tills may not connect now: set this computer’s address in Settings → Let other tills connect.',
  lanNotListening: (problem) =>
    fieldWords(problem.errors) ?? detailOr('Other tills cannot connect at that address or port: choose another. Nothing was changed.')(problem),
  pairingRefused: (problem) => {
    if (!hasApiWords(problem.detail)) return problem.detail
    // At a first run the main computer's refusal names the field it is about (the code, or the till's name).
    const field = problem.errors.find((error) => error.field !== '' && !hasApiWords(error.message))
    if (field) return `Not connected: ${field.message}.${field.field === 'code' ? ` ${ASK_FOR_CODE}` : ''}`
    return `The main computer refused this pairing code: it is wrong, used already or expired. ${ASK_FOR_CODE}`
  },
  tooManyAttempts: detailOr('Too many tries this minute: wait a minute, then try again.'),
  primaryUnreachable: detailOr('The shop’s main computer cannot be reached: check that it is on and Plant Store runs there.'),
  certificateChanged: detailOr(
    'The main computer does not show the certificate this till was paired with, so nothing was sent. Check it, and pair this till again if it changed.'
  ),
  tillRevoked: () => `The shop’s main computer no longer accepts this till. ${ASK_FOR_CODE}`,
  fingerprintMismatch: detailOr('The computer at that address is not the one with this fingerprint: check the address and the fingerprint.'),
  addressNotTls: detailOr('That is not the address other tills connect to: use the one shown under “Let other tills connect” on the main computer.'),
  setUpAlready: detailOr('This computer is set up already: reload the page.'),
  notSetUp: () => 'This computer is not set up yet: finish the first-run screen first.'
}

const ROW_OF_TYPE: ReadonlyMap<string, Words> = new Map(
  (Object.keys(PROBLEM_TYPES) as (keyof typeof PROBLEM_TYPES)[]).map((name) => [PROBLEM_TYPES[name], PROBLEM_WORDS[name]])
)

/** A problem in the shop's words: its row's, or (a type this UI does not know) its detail if that is words, else a general sentence. */
export function problemWords(problem: ProblemFacts): string {
  const words = ROW_OF_TYPE.get(problem.type)
  if (words) return words(problem)
  return problem.detail !== '' && !hasApiWords(problem.detail) ? problem.detail : GENERIC_PROBLEM
}
