/**
 * How a page makes sure it talks to its own Plant Store server before it sends its token again. When the server
 * stops, any other program (another account's) can take its port, and a page that simply reconnects would hand it
 * the token in the Authorization header. So the page first asks, without the token, for a proof: the server answers
 * with an HMAC of the page's fresh nonce and of the Host it was reached by, keyed with a key derived from the token
 * (SHA-256 of it, which the server holds for the owner's and every named token). Only a server that knows the token
 * can answer, a stale answer never fits a new nonce, and a relay to the real server on another port fails: the
 * real server refuses any Host but its own port, so its proof names another host than the page's.
 */

/** GET /v3/server-proof?nonce=…&key=… (extension): the one route besides the API document that needs no token. */
export const SERVER_PROOF_PATH = '/server-proof'

/** What the route answers: the proof, or null when no token of the server has this key id (rotated, revoked). */
export interface ServerProof {
  proof: string | null
}

const encoder = new TextEncoder()

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function subtle(): typeof globalThis.crypto.subtle | undefined {
  return globalThis.crypto?.subtle // missing in a page served over plain http from another computer
}

/** True where the proof can be checked (Node, and pages in a secure context such as http://127.0.0.1). */
export function canCheckServerProof(): boolean {
  return subtle() !== undefined
}

/** The proof key of `token`, as hex: its SHA-256 (what tokens.json keeps of a named token, after `sha256:`). */
export async function proofKeyOf(token: string): Promise<string> {
  return hex(await subtle()!.digest('SHA-256', encoder.encode(token)))
}

/** Names a key without giving it away, so the server knows which token's key to prove with. */
export async function keyIdOf(keyHex: string): Promise<string> {
  return hex(await subtle()!.digest('SHA-256', encoder.encode(`plant-store key id\n${keyHex}`))).slice(0, 32)
}

/** The proof for `nonce`, asked of the server reached as `host` (the Host header, e.g. 127.0.0.1:7420), by the key `keyHex`. */
export async function serverProofOf(keyHex: string, host: string, nonce: string): Promise<string> {
  const bytes = new Uint8Array(keyHex.match(/../g)!.map((pair) => parseInt(pair, 16)))
  const key = await subtle()!.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await subtle()!.sign('HMAC', key, encoder.encode(`plant-store server proof\n${host.toLowerCase()}\n${nonce}`)))
}

/** A fresh nonce (128 random bits, hex). */
export function newNonce(): string {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(16)))
}

/** The form nonces and key ids take: hex, 32 characters. */
export const PROOF_PARAMETER = /^[0-9a-f]{32}$/
