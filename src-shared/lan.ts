/**
 * Several tills on the shop's network: the primary's LAN listener (its address and port), pairing codes and
 * the pairing request a till sends. Shared by the server, the CLI and the staff UI.
 */
import { TILL_NAME_RULE } from './named-token'
import { leafOf, named, objectOf } from './body-rules'

/** The LAN listener's port when none is set. */
export const DEFAULT_LAN_PORT = 7421

/** The lowest port the LAN listener takes: those below are the system's. */
export const LAN_PORT_MIN = 1024

/** How long a pairing code may be used (ms): long enough to walk to the other till, short enough to be of no use later. */
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000

/** The paths of the LAN extension, relative to /v3. */
export const LAN_PATHS = {
  /** The LAN listener's setting, state and certificate fingerprint (owner only). */
  lanSettings: '/settings/lan',
  /** A new one-time pairing code (owner only). */
  pairingCodes: '/pairing-codes',
  /** A till trades a pairing code for its own till token: the one route open on the LAN without a token. */
  pair: '/pair'
} as const

/** A paired till's own paths (relative to /v3), answered by the till itself, not the main computer. */
export const TILL_PATHS = {
  /** `{till, waiting}`: completed sales kept on a till until the main computer is back (none on the main computer). */
  outbox: '/outbox',
  /** The sales the main computer refused when they arrived, kept on the till until someone dealt with them. */
  refused: '/outbox/refused',
  /** `{key}`: a refused sale dealt with (entered by hand on the main computer, or the money given back). */
  dealtWith: '/outbox/refused/dealt-with'
} as const

/** A sale made on a till that the main computer refused when it arrived: kept, with its words, until dealt with. */
export interface RefusedSale {
  /** Its Idempotency-Key. */
  key: string
  /** When it was made on the till (ISO 8601). */
  madeAt?: string
  /** The member signed in at the till then. */
  staff?: string
  /** The sale as the till sent it (POST /v3/sales's body). */
  sale: unknown
  /** The main computer's words (its problem's detail). */
  why: string
  /** When it was refused. */
  at: string
}

/** GET /v3/outbox: whether this is a paired till, and how many of its sales wait to be sent to the main computer. */
/**
 * A paired till's answer (202) to a sale it kept because the main computer could not be reached: sold, on the till's
 * disk, and sent with `key` once the main computer is back; it has no receipt number until then.
 */
export interface KeptSaleAnswer {
  kept: true
  key: string
  /** Sales waiting on this till, this one included. */
  waiting: number
}

export interface TillOutboxState {
  till: boolean
  waiting: number
  /** Sales the main computer refused when they arrived, set aside on the till in outbox-refused.jsonl (a till only). */
  refused?: number
  /**
   * True while the main computer's address shows another certificate than the one this till was paired with: the
   * till sends nothing there and keeps its sales until it is paired again (a till only).
   */
  certificateChanged?: boolean
}

/** The LAN listener as the owner sees it. */
export interface LanState {
  /** The address set with `config set lan.address`; absent when other tills may not connect. */
  address?: string
  port: number
  /** `https://ADDRESS:PORT` once the listener is up. */
  url?: string
  /** SHA-256 of the listener's certificate, hex pairs joined by colons; absent until the certificate is made. */
  fingerprint?: string
  /** True when the listener is up now (a change of the setting starts, moves or stops it at once). */
  listening: boolean
}

/** A pairing code just made. */
export interface PairingCode {
  code: string
  /** ISO 8601. */
  expiresAt: string
  /** `https://ADDRESS:PORT` of the LAN listener. */
  address: string
  fingerprint: string
  /** The same three facts as one text for a QR code. */
  qr: string
}

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])'
/** An IPv4 address, or the characters of an IPv6 one with at least one colon (Node's listen has the last word). */
const IP_ADDRESS = new RegExp(`^(?:${OCTET}(?:\\.${OCTET}){3}|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*)$`)
/** Every interface at once: not one address of this computer. */
const WILDCARDS = ['0.0.0.0', '::']
const CODE_MAX = 40

/**
 * What is wrong with `value` as the LAN listener's address, or undefined. One address of this computer, as
 * numbers: a name could be made to point elsewhere, and every interface at once (0.0.0.0) is not a choice.
 */
export function lanAddressProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return 'give one IP address of this computer, e.g. 192.168.1.20'
  if (WILDCARDS.includes(value)) return 'choose one address of this computer (e.g. 192.168.1.20), not every network at once'
  if (!IP_ADDRESS.test(value)) return `"${value}" is not an IP address; give one of this computer's, e.g. 192.168.1.20`
  return undefined
}

/** What is wrong with `value` as the LAN listener's port, or undefined. */
export function lanPortProblem(value: unknown): string | undefined {
  // Ports below 1024 are the system's (web, mail, …): refused whoever runs Plant Store, root included.
  if (typeof value !== 'number' || !Number.isInteger(value) || value < LAN_PORT_MIN || value > 65535)
    return `the port is a whole number from ${LAN_PORT_MIN} to 65535, e.g. ${DEFAULT_LAN_PORT}`
  return undefined
}

/** A certificate fingerprint in one spelling (upper-case hex pairs joined by colons), or undefined when it is none. */
export function normalizeFingerprint(value: string): string | undefined {
  const hex = value.replace(/^sha-?256[:=]?/i, '').replace(/[:\s-]/g, '')
  if (!/^[0-9a-f]{64}$/i.test(hex)) return undefined
  return hex.toUpperCase().match(/../g)!.join(':')
}

/**
 * What is wrong with `value` as the address of the shop's main computer a till pairs with, or undefined: it must
 * be https://HOST:PORT, since a till never talks to the main computer in plain text.
 */
export function tillAddressProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return "give the main computer's address, e.g. https://192.168.1.20:7421"
  if (!/^https:\/\//i.test(value)) return `the address must start with https:// (a till never talks to the main computer in plain text); got ${value}`
  return undefined
}

/**
 * What to check when a till gets no answer from the main computer at all: a firewall on the main computer drops
 * what it blocks, so the till waits and then times out, with nothing else to say. Windows (and macOS) ask once, the
 * first time the main computer lets tills connect; answered "Cancel" there, tills time out from then on.
 */
export const FIREWALL_WORDS =
  'a firewall on the main computer may be blocking Plant Store: the first time it lets other tills connect, Windows (and macOS) ask whether Plant Store may accept connections; allow it (on Windows, for private networks). Changed later in Windows Security → Firewall & network protection → Allow an app through firewall, or on a Mac in System Settings → Network → Firewall'

/** Socket error codes that mean a till got no answer (as a blocking firewall makes it), rather than a refusal. */
export const NO_ANSWER_CODES: ReadonlySet<string> = new Set(['ETIMEDOUT', 'EHOSTUNREACH'])

/** Why an address a till pairs with answers but not in TLS; the first-run screen and plant-store pair say the same. */
export const notTlsWords = (address: string) =>
  `the computer at ${address} answers, but not in TLS: is it the main computer's local port instead of the address ` +
  `and port under "Let other tills connect" (Settings on the main computer, or plant-store lan)?`

/** A pairing code as a till sends it: its check and its JSON Schema. */
export const PAIRING_CODE_RULE = leafOf<string>(
  (value) => (typeof value === 'string' && value.length >= 1 && value.length <= CODE_MAX ? undefined : 'give the pairing code the owner made'),
  { type: 'string', minLength: 1, maxLength: CODE_MAX }
)

/** The text of a pairing QR code. */
export function pairingQrText(address: string, code: string, fingerprint: string): string {
  const query = new URLSearchParams({ address, code, fingerprint })
  return `plant-store://pair?${query.toString()}`
}

/** The body of PUT /v3/settings/lan. */
export const LAN_SETTINGS_BODY = named(
  'LanSettings',
  objectOf<{ address: string; port?: number }>(
    {
      address: leafOf<string>(lanAddressProblem, {
        type: 'string',
        pattern: IP_ADDRESS.source,
        not: { enum: WILDCARDS },
        description: 'One IP address of this computer (not 0.0.0.0 or ::).'
      }),
      port: leafOf<number>(lanPortProblem, { type: 'integer', minimum: LAN_PORT_MIN, maximum: 65535, default: DEFAULT_LAN_PORT })
    },
    {
      required: ['address'],
      notAnObject: 'send a JSON object such as {"address": "192.168.1.20", "port": 7421}',
      unknownKey: (key) => `unknown field "${key}"; send {"address": …, "port": …}`
    }
  )
)

/** The body of POST /v3/pair. */
export const PAIR_BODY = named(
  'PairTill',
  objectOf<{ code: string; till: string }>(
    {
      code: PAIRING_CODE_RULE,
      till: TILL_NAME_RULE
    },
    {
      required: ['code', 'till'],
      notAnObject: 'send a JSON object such as {"code": "1234-5678", "till": "greenhouse"}',
      unknownKey: (key) => `unknown field "${key}"; send {"code": …, "till": …}`
    }
  )
)

/** The body of POST /v3/outbox/refused/dealt-with: the refused sale's key. */
export const DEALT_WITH_BODY = named(
  'RefusedSaleDealtWith',
  objectOf<{ key: string }>(
    {
      key: leafOf<string>(
        (value) =>
          typeof value === 'string' && value.length >= 1 && value.length <= 300
            ? undefined
            : "key is the refused sale's key, as GET /v3/outbox/refused lists it",
        {
          type: 'string',
          minLength: 1,
          maxLength: 300
        }
      )
    },
    {
      required: ['key'],
      notAnObject: 'the body must be a JSON object such as {"key": "\\"8e03978e-…\\""}',
      unknownKey: (key) => `unknown field "${key}"; the body has key only`
    }
  )
)
