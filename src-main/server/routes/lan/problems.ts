/** Rows of the problem table for the LAN listener, pairing, and a till talking to the shop's main computer. */
import { PROBLEM_TYPES } from '#shared/problem'
import { fieldErrorsRow, row } from '#server/problems/problem-row'

const PAIR_AGAIN = 'Ask the owner for a new code (Settings on the main computer, or POST /v3/pairing-codes) and pair again.'

/** Why a pairing code was refused, in words. */
const REFUSED_CODE = {
  expired: 'This pairing code has expired (a code may be used for 10 minutes).',
  unknown: 'This pairing code is wrong or was used already (each code pairs one till, once).',
  cancelled:
    'This pairing code was cancelled when other tills were stopped from connecting, or their address or port changed ' +
    '(Settings → Let other tills connect on the main computer): the codes made before that no longer work.'
}

export const LAN_PROBLEMS = {
  lanNotChanged: fieldErrorsRow('The LAN setting was not changed'),
  lanNotListening: fieldErrorsRow('Nothing was changed, other tills connect as before', {
    status: 409,
    type: PROBLEM_TYPES.lanNotListening,
    title: 'Other tills cannot connect there'
  }),
  lanOff: row({
    type: PROBLEM_TYPES.lanOff,
    title: 'Other tills may not connect',
    status: 409,
    detail: () =>
      'Other tills may not connect now: set the address of this computer they use (Settings → Let other tills connect, ' +
      'plant-store config set lan.address 192.168.1.20, or PUT /v3/settings/lan).'
  }),
  pairNotMade: fieldErrorsRow('The till was not paired'),
  dealtWithNotMarked: fieldErrorsRow('Nothing was marked dealt with'),
  pairingRefused: row({
    type: PROBLEM_TYPES.pairingRefused,
    title: 'Pairing code refused',
    status: 403,
    detail: (why: 'unknown' | 'expired' | 'cancelled') => `${REFUSED_CODE[why]} ${PAIR_AGAIN}`
  }),
  tooManyPairingAttempts: row({
    type: PROBLEM_TYPES.tooManyAttempts,
    title: 'Too many pairing attempts',
    status: 429,
    detail: (seconds: number, who: 'caller' | 'everyone') =>
      who === 'caller'
        ? `Too many pairing attempts from this address this minute; try again in ${seconds} s.`
        : `Too many pairing attempts from the network this minute (from several addresses); try again in ${seconds} s.`,
    headers: (seconds) => ({ 'retry-after': String(seconds) })
  }),
  tillNameTaken: row({
    type: PROBLEM_TYPES.tokenNameTaken,
    title: 'Till name taken',
    status: 409,
    detail: (name: string) => `There is a till or token named "${name}" already; pair with another name (the code still works).`
  }),
  primaryUnreachable: row({
    type: PROBLEM_TYPES.primaryUnreachable,
    title: "The shop's main computer cannot be reached",
    status: 503,
    detail: (address: string, why: string) =>
      `The shop's main computer at ${address} cannot be reached (${why}): check that it is on and Plant Store runs there; ` + 'nothing was changed.'
  }),
  certificateChanged: row({
    type: PROBLEM_TYPES.certificateChanged,
    title: "The main computer's certificate changed",
    status: 502,
    detail: (address: string) =>
      `The computer at ${address} did not show the certificate this till was paired with, so nothing was sent to it: ` +
      'either its certificate was made anew or another computer answers at that address. Check on the main computer ' +
      '(plant-store lan prints the fingerprint); if it changed there, pair this till again.'
  }),
  refusedSaleNotFound: row({
    type: PROBLEM_TYPES.notFound,
    title: 'Not found',
    status: 404,
    detail: (key: string, onTill: boolean) =>
      onTill
        ? `No refused sale waits under the key ${key}: it was dealt with already, or the key is mistyped (GET /v3/outbox/refused lists them).`
        : "This is the shop's main computer: it keeps no refused sales. Deal with them on the till whose banner shows them."
  }),
  tillRevoked: row({
    type: PROBLEM_TYPES.tillRevoked,
    title: 'This till was unpaired',
    status: 401,
    detail: (till: string) => `The shop's main computer no longer accepts the till "${till}" (its token was revoked). ${PAIR_AGAIN}`
  })
}
