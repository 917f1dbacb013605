/**
 * Several tills on the shop's network (extension): the LAN listener's setting and certificate fingerprint,
 * one-time pairing codes (owner only), and the pairing itself, the one route the LAN listener answers without
 * a token: a code made by the owner becomes the till's own token (a named token of kind `till`, listed and
 * revoked with the other named tokens).
 */
import { getRequestIP, type H3Event } from 'h3'
import { API_BASE } from '#shared/api-paths'
import { componentsOf, validate } from '#shared/body-rules'
import {
  LAN_PATHS,
  LAN_SETTINGS_BODY,
  PAIR_BODY,
  TILL_PATHS,
  DEALT_WITH_BODY,
  pairingQrText,
  type LanState,
  type PairingCode,
  type TillOutboxState
} from '#shared/lan'
import type { CreatedToken, TokenKind, TokenScope } from '#shared/named-token'
import type { PairingCodes } from '#auth/pairing-codes'
import type { PairingLimit } from '#auth/pairing-limit'
import { extensionOperation, jsonBody, json, ref, problemResponse, ownerOnlyResponse, JSON_BODY_RESPONSES } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { readJsonBody } from '#server/http/read-json-body'
import { requireOwner } from '#server/security/security'
import { defineOperation, defineResource } from '#server/routes/operation'

/** The outcome of a change of the LAN setting: the listener now, or why it could not listen there (nothing changed). */
export type LanChange = { ok: true; state: LanState } | { ok: false; field: 'address' | 'port'; message: string }

/** What the routes need of the running service. */
export interface LanAdmin {
  dataDir: string
  /** The listener's setting and state now. */
  state(): Promise<LanState>
  /** Listens at `settings` at once and keeps them, or, without an address, stops listening and forgets it. */
  change(settings: { address?: string; port?: number }): Promise<LanChange>
  codes: PairingCodes
  /** Pairing attempts a minute, per caller and in all. */
  attempts: PairingLimit
  /** Makes a named token; undefined when the name is taken. */
  addToken(name: string, scope: TokenScope, kind: TokenKind): Promise<CreatedToken | undefined>
}

async function makePairingCode(event: H3Event, lan: LanAdmin): Promise<PairingCode> {
  requireOwner(event, 'make pairing codes')
  const { url, fingerprint, listening } = await lan.state()
  if (!listening || url === undefined || fingerprint === undefined) throw problem('lanOff')
  const { code, expiresAt } = lan.codes.make()
  event.res.status = 201
  return { code, expiresAt: expiresAt.toISOString(), address: url, fingerprint, qr: pairingQrText(url, code, fingerprint) }
}

async function pairTill(event: H3Event, lan: LanAdmin): Promise<CreatedToken> {
  // Counted before the body is read: a refused attempt costs no more than its headers.
  const admitted = lan.attempts.admit(getRequestIP(event))
  if (!admitted.ok) throw problem('tooManyPairingAttempts', admitted.retryAfterS, admitted.who)
  const checked = validate(PAIR_BODY, await readJsonBody(event, 400))
  if (!checked.ok) throw problem('pairNotMade', checked.errors)
  const { code, till } = checked.value
  const redeemed = lan.codes.redeem(code)
  if (!redeemed.ok) throw problem('pairingRefused', redeemed.why)
  const created = await lan.addToken(till, 'read-write', 'till')
  if (!created) {
    lan.codes.restore(code, redeemed.expiresAt)
    throw problem('tillNameTaken', till)
  }
  event.res.status = 201
  return created
}

async function changeLan(lan: LanAdmin, settings: { address?: string; port?: number }): Promise<LanState> {
  const changed = await lan.change(settings)
  if (!changed.ok) throw problem('lanNotListening', [{ field: changed.field, message: changed.message }])
  return changed.state
}

async function setLanSettings(event: H3Event, lan: LanAdmin): Promise<LanState> {
  requireOwner(event, 'change where other tills connect')
  const checked = validate(LAN_SETTINGS_BODY, await readJsonBody(event, 400))
  if (!checked.ok) throw problem('lanNotChanged', checked.errors)
  return changeLan(lan, checked.value)
}

const lanState = {
  type: 'object',
  required: ['port', 'listening'],
  properties: {
    address: { type: 'string', description: 'The address other tills connect to; absent when they may not.' },
    port: { type: 'integer' },
    url: { type: 'string', description: 'https://ADDRESS:PORT while the listener is up.' },
    fingerprint: { type: 'string', description: "SHA-256 of the listener's certificate: upper-case hex pairs joined by colons." },
    listening: {
      type: 'boolean',
      description: 'Whether the listener is up now (false when no address is set, or it could not start at the next start).'
    }
  }
}

const OWNER_ONLY = ownerOnlyResponse("Only the owner's token may manage the tills (a named token gets 403).")

const getLanSettingsDoc = extensionOperation({
  operationId: 'get-lan-settings',
  summary: "Where other tills connect, and the certificate's fingerprint (extension; owner only)",
  responses: { '200': { description: 'The LAN listener.', content: json(ref('LanState')) }, '403': OWNER_ONLY }
})

const setLanSettingsDoc = extensionOperation({
  operationId: 'set-lan-settings',
  summary: 'Let other tills connect at this address (extension; owner only); the listener starts or moves at once',
  requestBody: jsonBody(LAN_SETTINGS_BODY),
  responses: {
    '200': { description: 'The LAN listener, up at the new address and port.', content: json(ref('LanState')) },
    '400': problemResponse('Not one IP address, or not a port from 1024 to 65535.'),
    '403': OWNER_ONLY,
    '409': problemResponse(
      'This computer cannot listen there (the address is not one of its own, the port is in use): the listener and the setting stay as they were.'
    ),
    ...JSON_BODY_RESPONSES
  }
})

const stopLanListenerDoc = extensionOperation({
  operationId: 'stop-lan-listener',
  summary: 'Stop letting other tills connect (extension; owner only): the listener closes at once',
  description:
    'Its open change streams end and paired tills find the main computer away until it is on again; pairing codes made before are forgotten.',
  responses: { '200': { description: 'The LAN listener, off.', content: json(ref('LanState')) }, '403': OWNER_ONLY }
})

const makePairingCodeDoc = extensionOperation({
  operationId: 'make-pairing-code',
  summary: 'A one-time code that pairs one till within 10 minutes (extension; owner only)',
  responses: {
    '201': { description: 'The code, the address and fingerprint the till needs, and all three as QR text.', content: json(ref('PairingCode')) },
    '403': OWNER_ONLY,
    '409': problemResponse('Other tills may not connect: no LAN address set, or the listener could not start there.')
  }
})

const getTillOutboxDoc = extensionOperation({
  operationId: 'get-till-outbox',
  summary: 'How many sales a paired till keeps until the main computer is back (extension)',
  description:
    'A paired till answers with its own outbox: waiting, and refused (sales the main computer refused when they arrived, ' +
    'kept in outbox-refused.jsonl on the till); the main computer keeps none and answers {"till": false, "waiting": 0}.',
  responses: { '200': { description: 'The outbox.', content: json(ref('TillOutbox')) } }
})

const getTillRefusedSalesDoc = extensionOperation({
  operationId: 'get-till-refused-sales',
  summary: 'The sales made on a paired till that the main computer refused when they arrived (extension)',
  description:
    'A paired till answers {"sales": [{"key", "madeAt", "staff", "sale", "why", "at"}]}: each kept (money was taken) until ' +
    'someone deals with it (enters it by hand on the main computer, or gives the money back). The main computer keeps none: {"sales": []}.',
  responses: { '200': { description: 'The refused sales not yet dealt with, oldest first.', content: json({ type: 'object' }) } }
})

const refusedSaleDealtWithDoc = extensionOperation({
  operationId: 'refused-sale-dealt-with',
  summary: 'Mark a refused sale of a paired till dealt with (extension; answered by the till)',
  description: 'The sale stays in outbox-refused.jsonl with the mark; the till stops counting it in its banner. The main computer answers 404.',
  requestBody: jsonBody(DEALT_WITH_BODY),
  responses: {
    '200': { description: 'Marked; the outbox as it is now.', content: json(ref('TillOutbox')) },
    '400': problemResponse('Invalid body; errors[] names each fault.'),
    '404': problemResponse('No refused sale waits under this key (or this is the main computer).'),
    ...JSON_BODY_RESPONSES
  }
})

const pairTillDoc = extensionOperation({
  operationId: 'pair-till',
  summary: 'Trade a pairing code for the till token (extension; the one route open on the LAN listener)',
  description:
    `On the LAN listener (https) this is the one operation that needs no token. The answer's token is a named token ` +
    `of kind "till", listed and revoked at ${API_BASE}/tokens.`,
  requestBody: jsonBody(PAIR_BODY),
  responses: {
    '201': {
      description: "The till's token, with its secret (shown this once).",
      content: json({ allOf: [ref('NamedToken'), { type: 'object', required: ['token'], properties: { token: { type: 'string' } } }] })
    },
    '400': problemResponse('No code, or a till name that is not valid.'),
    '403': problemResponse('The code is wrong, used already or expired.'),
    '409': problemResponse('A till or token of that name exists already (the code can be used again).'),
    '429': problemResponse(
      'Too many pairing attempts this minute from this address (10), or from all callers together (100); Retry-After says when to try again.'
    ),
    ...JSON_BODY_RESPONSES
  }
})

/** The LAN listener, a pairing code, and the bodies. */
export const lanSchemas = {
  ...componentsOf(LAN_SETTINGS_BODY, PAIR_BODY, DEALT_WITH_BODY),
  LanState: lanState,
  TillOutbox: {
    type: 'object',
    required: ['till', 'waiting'],
    properties: {
      till: { type: 'boolean' },
      waiting: { type: 'integer', minimum: 0 },
      refused: { type: 'integer', minimum: 0 },
      certificateChanged: {
        type: 'boolean',
        description:
          "A till only: the main computer's address shows another certificate than the one the till was paired with, so the " +
          'till sends nothing there and keeps its sales (answered 202) until it is paired again.'
      }
    }
  },
  PairingCode: {
    type: 'object',
    required: ['code', 'expiresAt', 'address', 'fingerprint', 'qr'],
    properties: {
      code: { type: 'string' },
      expiresAt: { type: 'string', format: 'date-time' },
      address: { type: 'string' },
      fingerprint: { type: 'string' },
      qr: { type: 'string', description: 'plant-store://pair?address=…&code=…&fingerprint=…' }
    }
  }
}

/** The LAN listener's setting, pairing codes and the pairing of tills, when the app is given the LAN admin. */
export const lanResource = defineResource({
  context: ({ lan }: { lan?: LanAdmin }) => lan,
  schemas: lanSchemas,
  operations: [
    defineOperation<LanAdmin>({
      method: 'GET',
      path: LAN_PATHS.lanSettings,
      openapi: getLanSettingsDoc,
      handler(event, lan) {
        requireOwner(event, 'see where other tills connect')
        return lan.state()
      }
    }),
    defineOperation<LanAdmin>({
      method: 'PUT',
      path: LAN_PATHS.lanSettings,
      staff: 'other-tills',
      body: LAN_SETTINGS_BODY,
      openapi: setLanSettingsDoc,
      handler: (event, lan) => setLanSettings(event, lan)
    }),
    defineOperation<LanAdmin>({
      method: 'DELETE',
      path: LAN_PATHS.lanSettings,
      staff: 'other-tills',
      openapi: stopLanListenerDoc,
      handler(event, lan) {
        requireOwner(event, 'stop other tills connecting')
        return changeLan(lan, {})
      }
    }),
    defineOperation<LanAdmin>({
      method: 'POST',
      path: LAN_PATHS.pairingCodes,
      staff: 'other-tills',
      openapi: makePairingCodeDoc,
      handler: (event, lan) => makePairingCode(event, lan)
    }),
    defineOperation<LanAdmin>({
      method: 'GET',
      path: TILL_PATHS.outbox,
      openapi: getTillOutboxDoc,
      handler: (): TillOutboxState => ({ till: false, waiting: 0 }) // a paired till answers this itself; the main computer keeps no sales
    }),
    defineOperation<LanAdmin>({
      method: 'GET',
      path: TILL_PATHS.refused,
      openapi: getTillRefusedSalesDoc,
      handler: () => ({ sales: [] })
    }),
    defineOperation<LanAdmin>({
      method: 'POST',
      path: TILL_PATHS.dealtWith,
      staff: 'sell', // answered by a paired till (its refused sales); the main computer keeps none: 404
      body: DEALT_WITH_BODY,
      openapi: refusedSaleDealtWithDoc,
      async handler(event) {
        const checked = validate(DEALT_WITH_BODY, await readJsonBody(event, 400))
        if (!checked.ok) throw problem('dealtWithNotMarked', checked.errors)
        throw problem('refusedSaleNotFound', checked.value.key, false)
      }
    }),
    defineOperation<LanAdmin>({
      method: 'POST',
      path: LAN_PATHS.pair,
      staff: 'other-tills',
      body: PAIR_BODY,
      openapi: pairTillDoc,
      handler: (event, lan) => pairTill(event, lan)
    })
  ]
})
