/**
 * A computer's first run: before it holds a catalogue or a pairing, Plant Store asks whether it is the shop's main
 * computer or a till that connects to it. The paths, what each stage looks like, the connect request and the reading
 * of a scanned pairing QR code. Shared by the server, the desktop app and the staff UI.
 */
import { leafOf, named, objectOf } from './body-rules'
import { PAIRING_CODE_RULE, tillAddressProblem } from './lan'
import { TILL_NAME_RULE } from './named-token'

/** The paths of the first-run extension, relative to /v3. */
export const SETUP_PATHS = {
  /** What this computer is: not set up yet, the shop's main computer, or a till of it. */
  setup: '/setup',
  /** First run only: this computer is the shop's main computer (its catalogue starts). */
  main: '/setup/main',
  /** First run only: pair with the shop's main computer and become its till. */
  connect: '/setup/connect',
  /** The main computer: the shop's set-up (name, country, tax, owner, first plants) is done, or skipped to Settings. */
  shop: '/setup/shop'
} as const

/** The URL fragment's key and value that open the page on the first-run screen (`#screen=first-run`). */
export const FIRST_RUN_SCREEN = { key: 'screen', value: 'first-run' } as const

/** What this computer is now. */
export type SetupState =
  | { stage: 'first-run'; /** This computer's name as a till name, to offer. */ suggestedTill: string }
  | {
      stage: 'main'
      /**
       * Present (true) while the shop's set-up is still to do: the first run chose "main computer" and the owner has
       * not finished or skipped the set-up yet. A main computer set up before the set-up existed, or started with
       * `plant-store serve` on an empty folder, never shows it.
       */
      shopToSetUp?: true
    }
  | { stage: 'till'; /** https://ADDRESS:PORT of the main computer. */ primary: string; till: string }

/** The body of POST /v3/setup/connect: what `plant-store pair` takes, with the address as https://ADDRESS:PORT. */
export interface ConnectRequest {
  address: string
  code: string
  fingerprint: string
  till: string
}

/** 64 hex digits, in pairs with or without colons between them, as the main computer shows them. */
const FINGERPRINT_PATTERN = /^[0-9A-Fa-f]{2}(?::?[0-9A-Fa-f]{2}){31}$/

export const CONNECT_BODY = named(
  'ConnectToMain',
  objectOf<ConnectRequest>(
    {
      address: leafOf<string>(tillAddressProblem, {
        type: 'string',
        minLength: 1,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]://',
        description: "The main computer's address for tills: https://ADDRESS:PORT (never http://)."
      }),
      code: PAIRING_CODE_RULE,
      fingerprint: leafOf<string>(
        (value) =>
          typeof value === 'string' && FINGERPRINT_PATTERN.test(value)
            ? undefined
            : 'give the certificate fingerprint the main computer shows: 64 hex digits (colons between pairs allowed)',
        { type: 'string', pattern: FINGERPRINT_PATTERN.source }
      ),
      till: TILL_NAME_RULE
    },
    {
      required: ['address', 'code', 'fingerprint', 'till'],
      notAnObject: 'send a JSON object such as {"address": "https://192.168.1.20:7421", "code": "1234-5678", "fingerprint": "…", "till": "door"}',
      unknownKey: (key) => `unknown field "${key}"; send {"address": …, "code": …, "fingerprint": …, "till": …}`
    }
  )
)

/** The fields a scanned or pasted text fills in; those it does not give are absent. */
export type PairingFields = Partial<Pick<ConnectRequest, 'address' | 'code' | 'fingerprint'>>

const QR_PREFIX = 'plant-store://pair?'

/**
 * What a text typed into the first field gives: the QR code of Settings → "Let other tills connect"
 * (`plant-store://pair?address=…&code=…&fingerprint=…`, as a USB scanner types it) fills all three; anything else
 * is taken as the address alone.
 */
export function readPairingText(text: string): PairingFields {
  const trimmed = text.trim()
  if (!trimmed.toLowerCase().startsWith(QR_PREFIX)) return trimmed === '' ? {} : { address: trimmed }
  const query = new URLSearchParams(trimmed.slice(QR_PREFIX.length))
  const fields: PairingFields = {}
  for (const key of ['address', 'code', 'fingerprint'] as const) {
    const value = query.get(key)?.trim()
    if (value) fields[key] = value
  }
  return fields
}
