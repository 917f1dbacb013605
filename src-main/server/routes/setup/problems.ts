/** Rows of the problem table for a computer's first run: becoming the shop's main computer, or connecting to it as a till. */
import type { SetupState } from '#shared/first-run'
import { FIREWALL_WORDS, NO_ANSWER_CODES, notTlsWords } from '#shared/lan'
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { fieldErrorsRow, row } from '#server/problems/problem-row'

const WHERE_TO_LOOK = 'on the main computer, Settings → "Let other tills connect" shows them'

/** The field of the connect form a refusal of the main computer is about, and what to say under it (the detail says the rest). */
const REFUSED_FIELD: Record<number, FieldError> = {
  403: { field: 'code', message: 'the main computer refused this code: wrong, used already or expired' },
  409: { field: 'till', message: 'the main computer has a till of this name already' },
  429: { field: 'code', message: 'too many tries on the main computer: wait a minute' }
}

/** Why a first-run choice cannot be made: what the computer is already, or that the other choice is under way. */
const ALREADY: Record<SetupState['stage'] | 'busy', (state?: SetupState) => string> = {
  main: () => "This computer is the shop's main computer already; nothing was changed.",
  till: (state) =>
    `This computer is a till of the shop's main computer${state?.stage === 'till' ? ` at ${state.primary}` : ''} already; nothing was changed.`,
  'first-run': () => 'This computer is not set up yet.',
  busy: () => "This computer's first-run choice is being made (in another window or tab): wait for it, then reload."
}

export const SETUP_PROBLEMS = {
  notConnected: fieldErrorsRow('Not connected'),
  fingerprintMismatch: row({
    type: PROBLEM_TYPES.fingerprintMismatch,
    title: 'Not the certificate given',
    status: 400,
    detail: (address: string, fingerprint: string, why: string) =>
      `Not connected: the computer at ${address} does not show the certificate with fingerprint ${fingerprint} (${why}). ` +
      `Check the address and the fingerprint (${WHERE_TO_LOOK}); nothing was sent to it, not even the code.`,
    errors: () => [{ field: 'fingerprint', message: 'not the fingerprint of the certificate the computer at this address shows' }]
  }),
  addressNotTls: row({
    type: PROBLEM_TYPES.addressNotTls,
    title: 'Not the address other tills connect to',
    status: 400,
    detail: (address: string) => `Not connected: ${notTlsWords(address)} Nothing was sent to it, not even the code.`,
    errors: () => [{ field: 'address', message: 'this address does not speak TLS: give the one under "Let other tills connect"' }]
  }),
  connectRefused: row({
    type: PROBLEM_TYPES.pairingRefused,
    title: 'Not connected',
    status: 403,
    detail: (refusal: { status: number; type?: string; detail: string }) => `Not connected: ${refusal.detail}`,
    errors: (refusal) => [REFUSED_FIELD[refusal.status] ?? { field: '', message: refusal.detail }],
    // The main computer's own answer decides: a wrong, used or expired code (403), a till name in use (409), too many tries (429).
    members: (refusal) => ({ status: refusal.status, ...(refusal.type ? { type: refusal.type } : {}) })
  }),
  connectUnreachable: row({
    type: PROBLEM_TYPES.primaryUnreachable,
    title: "The shop's main computer cannot be reached",
    status: 503,
    detail: (address: string, why: string) =>
      `Not connected: nothing answers at ${address} (${why}). Check the address, that the main computer is on, and that other ` +
      `tills may connect to it (${WHERE_TO_LOOK})${NO_ANSWER_CODES.has(why) ? `; if all that is right, ${FIREWALL_WORDS}` : ''}; nothing was changed.`,
    errors: () => [{ field: 'address', message: 'nothing answers at this address' }]
  }),
  setUpAlready: row({
    type: PROBLEM_TYPES.setUpAlready,
    title: 'Set up already',
    status: 409,
    detail: (state: SetupState | 'busy') => (state === 'busy' ? ALREADY.busy() : ALREADY[state.stage](state))
  }),
  notSetUp: row({
    type: PROBLEM_TYPES.notSetUp,
    title: 'Not set up yet',
    status: 503,
    detail: () =>
      "This computer is not set up yet: on its first-run screen (the address plant-store serve --first-run printed), choose whether it is the shop's main computer or connects to it."
  })
}
