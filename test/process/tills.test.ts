/**
 * Several tills on the shop's network, with two real processes on loopback: the primary (127.0.0.1 standing in
 * for its LAN address, on another port) and a till with a data folder of its own, paired with `plant-store pair`.
 * The till reads and writes through the primary; a wrong code, a wrong fingerprint, a revoked till, a primary
 * that is down and a certificate made anew are each refused in words.
 */
import { rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PAIRING_FILE_NAME } from '#till/pairing'
import { LAN_CERTIFICATE_FILE_NAME, LAN_KEY_FILE_NAME } from '#auth/lan-certificate'
import { hostPlatform } from '#lib/platform'
import { PROBLEM_TYPES } from '#shared/problem'
import { TILL_LOCAL_TOKEN, pair, pairingCode, setUpPrimary as setUp, startPrimary } from '#setup/tills'
import { addPlant, runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('a till paired with the primary over the LAN listener', () => {
  it('pairs with the fingerprint the CLI shows, then reads and writes through the primary as itself', async () => {
    const { primaryDir, tillDir, primary } = await setUp()
    const shown = await runCli(['lan', '--data', primaryDir])
    expect(shown.stdout).toContain(`Certificate SHA-256: ${primary.fingerprint}`)

    const paired = await pair(tillDir, primary.lanUrl, await pairingCode(primary), primary.fingerprint.replaceAll(':', '').toLowerCase())
    expect(paired.stderr).toBe('')
    expect(paired.stdout).toContain('Paired as till "door"')
    if (hostPlatform() !== 'win32') expect((await stat(path.join(tillDir, PAIRING_FILE_NAME))).mode & 0o777).toBe(0o600)
    expect((await runCli(['token', 'list', '--data', primaryDir])).stdout).toMatch(/^door +read-write \(till\) /m)

    const till = await startServe(tillDir, [], { PLANT_STORE_TOKEN: TILL_LOCAL_TOKEN })
    expect(till.output()).toContain(`Till "door" of the shop's main computer at ${primary.lanUrl}`)
    const added = await addPlant(till, 'Fern')
    expect(added.status).toBe(200)
    const { id } = (await added.json()) as { id: number }
    const onPrimary = await fetch(`${primary.baseUrl}/plant/${id}`, { headers: primary.headers() })
    expect(((await onPrimary.json()) as { name: string }).name).toBe('Fern')
    const read = await fetch(`${till.baseUrl}/plant/${id}`, { headers: till.headers() })
    expect(read.status).toBe(200)
    const changes = await (await fetch(`${primary.baseUrl}/changes`, { headers: primary.headers() })).text()
    expect(changes).toContain('"by":"door"')
    // The change stream comes through as it happens: a change made on the primary reaches the till's stream.
    const stream = await fetch(`${till.baseUrl}/events`, { headers: till.headers({ accept: 'text/event-stream' }) })
    expect(stream.status).toBe(200)
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    await addPlant(primary, 'Moss')
    let received = ''
    while (!received.includes('Moss')) received += (await reader.read()).value ?? ''
    await reader.cancel()
    // The till's local token opens the till only; without it the till forwards nothing.
    expect((await fetch(`${till.baseUrl}/plant/${id}`)).status).toBe(401)
  })

  it('refuses a wrong code and a wrong fingerprint in words, sending nothing in plain text', async () => {
    const { tillDir, primary } = await setUp()
    const wrongCode = await pair(tillDir, primary.lanUrl, '0000-0000', primary.fingerprint)
    expect(wrongCode.code).toBe(6)
    expect(wrongCode.stderr).toMatch(/Not paired: This pairing code is wrong or was used already/)
    const wrongPrint = await pair(tillDir, primary.lanUrl, await pairingCode(primary), 'AB'.repeat(32))
    expect(wrongPrint.code).toBe(6)
    expect(wrongPrint.stderr).toMatch(/does not show the certificate with fingerprint AB:AB/)
    // Never the fingerprint it does show: copied from the message, it would pin an impostor just as well.
    expect(wrongPrint.stderr.replaceAll(':', '')).not.toContain(primary.fingerprint.replaceAll(':', ''))
    const localPort = await pair(tillDir, `https://127.0.0.1:${primary.port}`, '0000-0000', primary.fingerprint)
    expect(localPort.code).toBe(6)
    expect(localPort.stderr).toMatch(
      /Not paired: the computer at https:\/\/127\.0\.0\.1:\d+ answers, but not in TLS: is it the main computer's local port/
    )
    const plain = await pair(tillDir, primary.lanUrl.replace('https', 'http'), '0000-0000', primary.fingerprint)
    expect(plain.code).toBe(2)
    expect(plain.stderr).toMatch(/must start with https:\/\//)
    await expect(stat(path.join(tillDir, PAIRING_FILE_NAME))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('says so when the till was revoked, when the primary is down, and when its certificate changed', async () => {
    const { primaryDir, tillDir, primary } = await setUp()
    expect((await pair(tillDir, primary.lanUrl, await pairingCode(primary), primary.fingerprint)).code).toBe(0)
    const till = await startServe(tillDir, [], { PLANT_STORE_TOKEN: TILL_LOCAL_TOKEN })
    const list = () => fetch(`${till.baseUrl}/plant`, { headers: till.headers() })
    expect((await list()).status).toBe(200)

    expect((await fetch(`${primary.baseUrl}/tokens/door`, { method: 'DELETE', headers: primary.headers() })).status).toBe(204)
    const revoked = await list()
    expect(revoked.status).toBe(401)
    expect(await revoked.json()).toMatchObject({
      type: PROBLEM_TYPES.tillRevoked,
      detail: expect.stringMatching(/no longer accepts the till "door"/)
    })

    await primary.stop()
    const down = await fetch(`${till.baseUrl}/changes?since=0`, { headers: till.headers() })
    expect(down.status).toBe(503)
    expect(((await down.json()) as { detail: string }).detail).toMatch(/cannot be reached/)

    // A certificate made anew (or another computer at the address): refused before anything is sent.
    await rm(path.join(primaryDir, LAN_CERTIFICATE_FILE_NAME))
    await rm(path.join(primaryDir, LAN_KEY_FILE_NAME))
    const renewed = await startPrimary(primaryDir)
    expect(renewed.fingerprint).not.toBe(primary.fingerprint)
    const changed = await list()
    expect(changed.status).toBe(502)
    expect(await changed.json()).toMatchObject({
      type: PROBLEM_TYPES.certificateChanged,
      detail: expect.stringMatching(/did not show the certificate this till was paired with/)
    })
  })

  it('refuses to start a till whose pairing file is damaged, saying how to mend it', async () => {
    const tillDir = await makeTempDir()
    await writeFile(path.join(tillDir, PAIRING_FILE_NAME), '{"origin": ', { mode: 0o600 })
    const started = await runCli(['serve', '--port', '0', '--data', tillDir])
    expect(started.code).not.toBe(0)
    expect(started.stderr).toMatch(/pairing\.json is damaged \(not valid JSON\); pair this till again with plant-store pair/)
  })
})
