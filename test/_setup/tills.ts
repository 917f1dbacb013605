/** Two real processes for the several-tills tests: a primary with its LAN listener on 127.0.0.1, and a till paired with it. */
import { expect } from 'vitest'
import { freePort } from './lan'
import { runCli, startServe, type ServeProcess } from './serve-process'
import { makeTempDir } from './temp-dir'

/** The till's own local token: not the primary's, to show the till sends its till token instead. */
export const TILL_LOCAL_TOKEN = 'till-local-test-token-0123456789abcdefghij'

/** Starts `plant-store serve` on `dataDir` and reads where its LAN listener is and its fingerprint. */
export async function startPrimary(dataDir: string): Promise<ServeProcess & { lanUrl: string; fingerprint: string }> {
  const primary = await startServe(dataDir)
  const [, lanUrl, fingerprint] = /Other tills connect at (https:\/\/\S+) \(certificate SHA-256 (\S+)\)/.exec(primary.output()) ?? []
  if (!lanUrl || !fingerprint) throw new Error(`no LAN listener:\n${primary.output()}`)
  return { ...primary, lanUrl, fingerprint }
}

/** A pairing code made by the owner of `primary`. */
export async function pairingCode(primary: ServeProcess): Promise<string> {
  const answer = await fetch(`${primary.baseUrl}/pairing-codes`, { method: 'POST', headers: primary.headers() })
  expect(answer.status).toBe(201)
  return ((await answer.json()) as { code: string }).code
}

/** Data folders for a primary (its LAN listener set to 127.0.0.1 on a free port, refusing 0.0.0.0 first) and a till, and the primary started. */
export async function setUpPrimary() {
  const primaryDir = await makeTempDir()
  const tillDir = await makeTempDir()
  const port = await freePort()
  const wildcard = await runCli(['config', 'set', 'lan.address', '0.0.0.0', '--data', primaryDir])
  expect(wildcard).toMatchObject({ code: 2, stderr: expect.stringMatching(/not every network at once/) })
  expect((await runCli(['config', 'set', 'lan.address', '127.0.0.1', '--data', primaryDir])).code).toBe(0)
  expect((await runCli(['config', 'set', 'lan.port', String(port), '--data', primaryDir])).code).toBe(0)
  return { primaryDir, tillDir, primary: await startPrimary(primaryDir) }
}

/** `plant-store pair` for the till `door`. */
export const pair = (tillDir: string, url: string, code: string, fingerprint: string) =>
  runCli(['pair', url, '--code', code, '--fingerprint', fingerprint, '--name', 'door', '--data', tillDir])

/** Pairs the till `door` of `tillDir` with `primary` and starts its `plant-store serve` (its own local token). */
export async function startPairedTill(tillDir: string, primary: Awaited<ReturnType<typeof startPrimary>>): Promise<ServeProcess> {
  expect((await pair(tillDir, primary.lanUrl, await pairingCode(primary), primary.fingerprint)).code).toBe(0)
  return startServe(tillDir, [], { PLANT_STORE_TOKEN: TILL_LOCAL_TOKEN })
}
