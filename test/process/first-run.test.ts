/**
 * A computer's first run with real processes on loopback (`plant-store serve --first-run`): it connects to a
 * primary through POST /v3/setup/connect and sells through it at once, without a restart; a wrong code, an http://
 * address and a fingerprint that is not the certificate's are refused in words and leave it unpaired. Or it becomes
 * the main computer, and a later start asks no more.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PAIRING_FILE_NAME } from '#till/pairing'
import { PROBLEM_TYPES } from '#shared/problem'
import { DATA_FILE_NAME } from '#store'
import { runCli, startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { pairingCode, setUpPrimary } from '#setup/tills'

const post = (server: ServeProcess, route: string, body?: unknown) =>
  fetch(`${server.baseUrl}${route}`, {
    method: 'POST',
    headers: server.headers({ 'content-type': 'application/json' }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })

const setupOf = async (server: ServeProcess) =>
  (await (await fetch(`${server.baseUrl}/setup`, { headers: server.headers() })).json()) as { stage: string; shopToSetUp?: true }
const stageOf = async (server: ServeProcess) => (await setupOf(server)).stage

describe('a first run (plant-store serve --first-run)', () => {
  it('connects to the main computer through the first-run route and sells through it without a restart', async () => {
    const { tillDir, primary } = await setUpPrimary()
    const added = await post(primary, '/plant', { name: 'Fern', price: 4, quantity: 3 })
    const { id } = (await added.json()) as { id: number }
    const till = await startServe(tillDir, ['--first-run'])
    expect(till.output()).toContain('&screen=first-run')
    expect(await stageOf(till)).toBe('first-run')
    const notYet = await fetch(`${till.baseUrl}/plant`, { headers: till.headers() })
    expect(notYet.status).toBe(503)
    expect(((await notYet.json()) as { type: string }).type).toBe(PROBLEM_TYPES.notSetUp)

    const request = { address: primary.lanUrl, code: await pairingCode(primary), fingerprint: primary.fingerprint, till: 'door' }
    const refusals = [
      [{ ...request, code: '0000-0000' }, 403, /This pairing code is wrong or was used already/],
      [
        { ...request, address: primary.lanUrl.replace('https', 'http') },
        400,
        /must start with https:\/\/ \(a till never talks to the main computer in plain text\)/
      ],
      [
        { ...request, fingerprint: 'AB'.repeat(32) },
        400,
        /does not show the certificate with fingerprint AB:AB.*nothing was sent to it, not even the code/
      ]
    ] as const
    for (const [body, status, words] of refusals) {
      const refused = await post(till, '/setup/connect', body)
      expect(refused.status).toBe(status)
      expect(((await refused.json()) as { detail: string }).detail).toMatch(words)
      expect(existsSync(path.join(tillDir, PAIRING_FILE_NAME))).toBe(false)
      expect(await stageOf(till)).toBe('first-run')
    }

    // The code survived the refusals (the fingerprint's was never sent): it pairs now.
    const connected = await post(till, '/setup/connect', request)
    expect(connected.status).toBe(200)
    expect(await connected.json()).toEqual({ stage: 'till', primary: primary.lanUrl, till: 'door' })
    expect(existsSync(path.join(tillDir, PAIRING_FILE_NAME))).toBe(true)
    expect(till.output()).toContain(`Connected to the shop's main computer: till "door" of ${primary.lanUrl}`)

    // The same process, on the same address and with the same local token, is a till now.
    const sold = await post(till, '/sales', { lines: [{ plantId: id, quantity: 1 }], payments: [{ method: 'cash', amount: 400 }] })
    expect(sold.status).toBe(201)
    const { sales } = (await (await fetch(`${primary.baseUrl}/sales`, { headers: primary.headers() })).json()) as { sales: { till?: string }[] }
    expect(sales.map((sale) => sale.till)).toEqual(['door'])
    expect(await stageOf(till)).toBe('till')
    expect((await post(till, '/setup/main')).status).toBe(409) // no second choice
  })

  it("becomes the main computer, and a later start asks no more, but for the shop's set-up until it is done", async () => {
    const dataDir = await makeTempDir()
    const first = await startServe(dataDir, ['--first-run'])
    expect(existsSync(path.join(dataDir, DATA_FILE_NAME))).toBe(false)
    const chosen = await post(first, '/setup/main')
    expect(await chosen.json()).toEqual({ stage: 'main', shopToSetUp: true })
    expect((await post(first, '/plant', { name: 'Fern' })).status).toBe(200)
    expect(existsSync(path.join(dataDir, DATA_FILE_NAME))).toBe(true)
    const refused = await post(first, '/setup/connect', { address: 'https://127.0.0.1:1', code: '1', fingerprint: 'AB'.repeat(32), till: 'door' })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/is the shop's main computer already/)
    await first.stop()

    const again = await startServe(dataDir, ['--first-run'])
    expect(again.output()).not.toContain('not set up yet')
    expect(await setupOf(again)).toEqual({ stage: 'main', shopToSetUp: true })
    expect((await post(again, '/setup/shop')).status).toBe(200)
    expect(await setupOf(again)).toEqual({ stage: 'main' })
  })

  it('holds the folder while its screen is up: a second first run and plant-store pair are refused, naming it', async () => {
    const dataDir = await makeTempDir()
    const first = await startServe(dataDir, ['--first-run'])
    const second = await runCli(['serve', '--first-run', '--port', '0', '--data', dataDir])
    expect(second.code).toBe(1)
    expect(second.stderr).toContain(`in use by Plant Store's first-run screen (process ${first.child.pid}`)
    const pair = await runCli(['pair', 'https://127.0.0.1:1', '--code', '1234-5678', '--fingerprint', 'AB'.repeat(32), '--data', dataDir])
    expect(pair.code).toBe(1)
    expect(pair.stderr).toMatch(/in use by Plant Store's first-run screen .*Stop that one first, then pair again/)
    expect(existsSync(path.join(dataDir, PAIRING_FILE_NAME))).toBe(false)
    // Chosen on the screen, the catalogue takes the folder as its own: one first run set it up.
    expect(await (await post(first, '/setup/main')).json()).toEqual({ stage: 'main', shopToSetUp: true })
    expect((await post(first, '/plant', { name: 'Fern' })).status).toBe(200)
  })

  it('serves the first-run screen to this computer only', async () => {
    const refused = await runCli(['serve', '--first-run', '--host', '0.0.0.0', '--port', '0', '--data', await makeTempDir()])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/--first-run serves the first-run screen to this computer only/)
  })
})
