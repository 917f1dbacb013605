/**
 * A till's pairing with the shop's main computer: DATA/pairing.json (0600) holds the primary's address, its
 * pinned certificate and fingerprint, the till's name and its till token. `plant-store pair` writes it after
 * the certificate shown matched the fingerprint the owner read out, and the code was traded for the token.
 */
import { mkdir } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import { API_BASE } from '#shared/api-paths'
import { LAN_PATHS } from '#shared/lan'
import { TOKEN_NAME_MAX, tokenNameProblem, type CreatedToken } from '#shared/named-token'
import { replaceFile } from '#lib/durable-file'
import { readTextIfPresent } from '#lib/fs-errors'
import { fetchPinnedCertificate, pinnedClient, type PinnedServer } from '#lib/pinned-tls'
import { checkDataFolder } from '#store'
import { forgetReadCopy } from './read-copy-file'
import { AppError } from '#shared/app-error'

/** The pairing's file name in the till's data folder. */
export const PAIRING_FILE_NAME = 'pairing.json'

/** What a paired till knows of its primary. */
export interface TillPairing extends PinnedServer {
  till: string
  token: string
  pairedAt: string
}

/** The primary refused the pairing; `detail` is its words. */
export class PairingRefusedError extends AppError {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The problem type the main computer answered with, when it did. */
    readonly type?: string
  ) {
    super(detail)
    this.name = 'PairingRefusedError'
  }
}

/** The pairing of the till whose data folder is `dataDir`, or undefined when it is not a paired till. */
export async function readPairing(dataDir: string): Promise<TillPairing | undefined> {
  const file = path.join(dataDir, PAIRING_FILE_NAME)
  // Never a pairing another account could have written or linked (see data-folder-trust.ts).
  const text = await checkDataFolder(dataDir, [PAIRING_FILE_NAME]).then(
    () => readTextIfPresent(file),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    }
  )
  if (text === undefined) return undefined
  const damaged = (why: string) =>
    new Error(`${file} is damaged (${why}); pair this till again with plant-store pair, or delete it to make this computer a till no more`)
  let pairing: Partial<TillPairing>
  try {
    pairing = JSON.parse(text) as Partial<TillPairing>
  } catch {
    throw damaged('not valid JSON')
  }
  for (const key of ['origin', 'certificate', 'fingerprint', 'till', 'token'] as const) {
    if (typeof pairing?.[key] !== 'string') throw damaged(`no ${key}`)
  }
  return pairing as TillPairing
}

/** This computer's name as a till name: the characters a token name allows, at most its length ("till" when none is left). */
export function defaultTillName(): string {
  const name = hostname()
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, TOKEN_NAME_MAX)
  return tokenNameProblem(name) === undefined ? name : 'till'
}

/** Host header value of an origin (`https://127.0.0.1:7421` → `127.0.0.1:7421`). */
export const hostOf = (origin: string) => new URL(origin).host

/**
 * Pairs this till with the primary at `origin`: its certificate must have `fingerprint`, then `code` is traded
 * for the till's token, and the pairing is saved in `dataDir` (file 0600).
 */
export async function pairTill(dataDir: string, origin: string, options: { code: string; fingerprint: string; till: string }): Promise<TillPairing> {
  const server = await fetchPinnedCertificate(origin, options.fingerprint)
  const client = pinnedClient(server)
  try {
    const body = JSON.stringify({ code: options.code, till: options.till })
    const answer = await client.request({
      method: 'POST',
      path: API_BASE + LAN_PATHS.pair,
      headers: { host: hostOf(origin), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body
    })
    let text = ''
    for await (const chunk of answer) text += String(chunk)
    const parsed = JSON.parse(text) as Partial<CreatedToken> & { detail?: string; type?: string }
    if (answer.statusCode !== 201 || typeof parsed.token !== 'string') {
      throw new PairingRefusedError(answer.statusCode ?? 0, parsed.detail ?? `the main computer answered ${answer.statusCode}`, parsed.type)
    }
    const pairing: TillPairing = { ...server, till: options.till, token: parsed.token, pairedAt: new Date().toISOString() }
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    await forgetReadCopy(dataDir) // what this till read belongs to its former pairing
    await replaceFile(path.join(dataDir, PAIRING_FILE_NAME), `${JSON.stringify(pairing, null, 2)}\n`)
    return pairing
  } finally {
    client.close()
  }
}
