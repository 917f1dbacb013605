/**
 * The first-run routes over real sockets: a computer never set up (startFirstRun, as `plant-store serve --first-run`
 * and the desktop app start it) and a main computer with its LAN listener on 127.0.0.1, both in this process. Every
 * refusal says what to do and leaves the computer unpaired with the form's field named; one choice, once.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startFirstRun } from '#app/start-on-data-folder'
import { isFirstRun } from '#till/first-run'
import { startService } from '#app/service'
import { PAIRING_FILE_NAME } from '#till/pairing'
import { writeLanSettings } from '#settings/lan-settings'
import { PROBLEM_TYPES } from '#shared/problem'
import { freePort } from '#setup/lan'
import { makeTempDir } from '#setup/temp-dir'

const TOKEN = 'first-run-test-token-0123456789abcdefghijkl'
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }

async function startPrimary() {
  const dataDir = await makeTempDir()
  await writeLanSettings(dataDir, { address: '127.0.0.1', port: await freePort() })
  const service = await startService({ dataDir, host: '127.0.0.1', port: 0, token: TOKEN })
  onTestFinished(() => service.stop())
  const code = async () => ((await (await fetch(`${service.baseUrl}/pairing-codes`, { method: 'POST', headers })).json()) as { code: string }).code
  return { service, lan: service.lan!, code }
}

async function startComputer() {
  const dataDir = await makeTempDir()
  expect(await isFirstRun(dataDir)).toBe(true)
  const firstRun = await startFirstRun({ dataDir, host: '127.0.0.1', port: 0, token: TOKEN })
  onTestFinished(() => firstRun.stop())
  const call = (method: string, route: string, body?: unknown) =>
    fetch(`${firstRun.baseUrl}${route}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const paired = () => existsSync(path.join(dataDir, PAIRING_FILE_NAME))
  return { dataDir, firstRun, call, paired }
}

describe('the first-run routes', () => {
  it('say what this computer is, and answer nothing else but "not set up yet" until a choice is made', async () => {
    const { firstRun, call } = await startComputer()
    expect(firstRun.uiUrl()).toMatch(/#token=.+&screen=first-run$/)
    expect(await (await call('GET', '/setup')).json()).toEqual({ stage: 'first-run', suggestedTill: expect.stringMatching(/^[A-Za-z0-9]/) })
    const plants = await call('GET', '/plant')
    expect(plants.status).toBe(503)
    expect(await plants.json()).toMatchObject({ type: PROBLEM_TYPES.notSetUp, detail: expect.stringMatching(/not set up yet/) })
    expect((await fetch(`${firstRun.baseUrl}/setup`)).status).toBe(401) // the local token, as everywhere
  })

  it('refuses in words, naming the field, and stays unpaired: nobody at the address, a port without TLS, a till name in use, a used code', async () => {
    const { service, lan, code } = await startPrimary()
    const { call, paired } = await startComputer()
    const request = { address: lan.url, code: await code(), fingerprint: lan.fingerprint, till: 'door' }

    const nobody = await call('POST', '/setup/connect', { ...request, address: `https://127.0.0.1:${await freePort()}` })
    expect(nobody.status).toBe(503)
    expect(await nobody.json()).toMatchObject({
      type: PROBLEM_TYPES.primaryUnreachable,
      detail: expect.stringMatching(/nothing answers at https:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/),
      errors: [{ field: 'address', message: expect.any(String) }]
    })

    // The main computer's own local port speaks plain HTTP: said as the wrong port, under the address.
    const localPort = await call('POST', '/setup/connect', { ...request, address: `https://127.0.0.1:${service.port}` })
    expect(localPort.status).toBe(400)
    expect(await localPort.json()).toMatchObject({
      type: PROBLEM_TYPES.addressNotTls,
      detail: expect.stringMatching(/answers, but not in TLS: is it the main computer's local port .*not even the code/),
      errors: [{ field: 'address', message: expect.stringMatching(/does not speak TLS/) }]
    })

    const other = await startComputer()
    expect((await other.call('POST', '/setup/connect', { ...request, till: 'door' })).status).toBe(200)
    const taken = await call('POST', '/setup/connect', { ...request, code: await code() })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({
      type: PROBLEM_TYPES.tokenNameTaken,
      detail: expect.stringMatching(/named "door" already/),
      errors: [{ field: 'till' }]
    })
    const used = await call('POST', '/setup/connect', { ...request, till: 'window' })
    expect(used.status).toBe(403)
    expect(await used.json()).toMatchObject({ type: PROBLEM_TYPES.pairingRefused, errors: [{ field: 'code' }] })

    const notAnAddress = await call('POST', '/setup/connect', { ...request, address: 'https://exa mple' })
    expect(notAnAddress.status).toBe(400)
    expect(await notAnAddress.json()).toMatchObject({ errors: [{ field: 'address', message: expect.stringMatching(/is not an address/) }] })
    expect(paired()).toBe(false)
    expect(await (await call('GET', '/setup')).json()).toMatchObject({ stage: 'first-run' })
  })

  it('makes one choice, once: the other choice made at the same moment is told so, and nothing of it is kept', async () => {
    const { lan, code } = await startPrimary()
    const { dataDir, call, paired, firstRun } = await startComputer()
    const [main, connect] = await Promise.all([
      call('POST', '/setup/main'),
      call('POST', '/setup/connect', { address: lan.url, code: await code(), fingerprint: lan.fingerprint, till: 'door' })
    ])
    // Whichever came first is made; the other is told so in words.
    expect([main.status, connect.status].sort()).toEqual([200, 409])
    const [lost] = [main, connect].filter((answer) => answer.status === 409)
    expect(((await lost!.json()) as { detail: string }).detail).toMatch(/first-run choice is being made|already/)
    const became = (await firstRun.setUp).stage
    expect(became).toBe(main.status === 200 ? 'main' : 'till')
    expect(paired()).toBe(became === 'till')
    expect(await isFirstRun(dataDir)).toBe(false)
    expect((await call('GET', '/plant')).status).toBe(200)
  })
})
