/**
 * The LAN listener of a running `plant-store serve` follows its setting without a restart: turned on through the
 * API a till pairs with it at once; turned off with `config unset lan.address` the paired till finds the main
 * computer away, and back after `config set lan.address`; a port in use is refused in words, the listener kept.
 */
import { createServer } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { freePort } from '#setup/lan'
import { SERVE_TOKEN, runCli, startServe } from '#setup/serve-process'
import { TILL_LOCAL_TOKEN, pair, pairingCode } from '#setup/tills'
import { makeTempDir } from '#setup/temp-dir'

/** `plant-store config …` on the primary's folder, with the token the primary was started with. */
const config = (primaryDir: string, ...args: string[]) => runCli(['config', ...args, '--data', primaryDir], { PLANT_STORE_TOKEN: SERVE_TOKEN })

describe('turning the LAN listener on and off on a running primary', () => {
  it('pairs a till once turned on through the API; the till finds the primary away while it is off, and back after', async () => {
    const primaryDir = await makeTempDir()
    const tillDir = await makeTempDir()
    const primary = await startServe(primaryDir)
    expect(primary.output()).not.toContain('Other tills connect at')
    const port = await freePort()
    const on = await fetch(`${primary.baseUrl}/settings/lan`, {
      method: 'PUT',
      headers: primary.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ address: '127.0.0.1', port })
    })
    const state = (await on.json()) as { url: string; fingerprint: string; listening: boolean }
    expect(state).toMatchObject({ url: `https://127.0.0.1:${port}`, listening: true })

    expect((await pair(tillDir, state.url, await pairingCode(primary), state.fingerprint)).code).toBe(0)
    const till = await startServe(tillDir, [], { PLANT_STORE_TOKEN: TILL_LOCAL_TOKEN })
    // A read the till keeps no copy of (it answers the plants it read as last read while the primary is away).
    const list = () => fetch(`${till.baseUrl}/changes?since=0`, { headers: till.headers() })
    expect((await list()).status).toBe(200)

    const off = await config(primaryDir, 'unset', 'lan.address')
    expect(off).toMatchObject({ code: 0, stdout: 'Other tills may not connect now.\n' })
    const away = await list()
    expect(away.status).toBe(503)
    expect(await away.json()).toMatchObject({ type: PROBLEM_TYPES.primaryUnreachable })

    const back = await config(primaryDir, 'set', 'lan.address', '127.0.0.1')
    expect(back).toMatchObject({ code: 0, stdout: `lan.address = 127.0.0.1\nOther tills connect at ${state.url} now.\n` })
    expect((await list()).status).toBe(200)

    const taken = createServer()
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening))
    onTestFinished(() => void taken.close())
    const takenPort = String((taken.address() as { port: number }).port)
    const refused = await config(primaryDir, 'set', 'lan.port', takenPort)
    expect(refused.code).toBe(4)
    expect(refused.stderr).toContain(`port ${takenPort} on 127.0.0.1 is in use by another program; choose another port`)
    expect((await config(primaryDir, 'get', 'lan.port')).stdout).toBe(`${port}\n`)
    expect((await list()).status).toBe(200)
  })

  it('config set refuses a loopback address, which no other till can reach', async () => {
    const primaryDir = await makeTempDir()
    const loopback = await runCli(['config', 'set', 'lan.address', '::1', '--data', primaryDir], { PLANT_STORE_ALLOW_LOOPBACK_LAN: undefined })
    expect(loopback).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/::1 is this computer's loopback address, which no other till can reach/)
    })
    expect((await runCli(['config', 'get', 'lan.address', '--data', primaryDir])).stdout).not.toContain('::1')
  })
})
