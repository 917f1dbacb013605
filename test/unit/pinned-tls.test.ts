/** HTTPS pinned to one certificate: the pinned one is trusted whatever the host name, any other is refused, a silent server given up on. */
import { once } from 'node:events'
import { createServer as createHttpServer } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { ensureLanCertificate, type LanCertificate } from '#auth/lan-certificate'
import { CertificateMismatchError, NotTlsError, fetchPinnedCertificate, pinnedClient } from '#lib/pinned-tls'
import { makeTempDir } from '#setup/temp-dir'

async function listening(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  onTestFinished(() => void server.close())
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function certificate(): Promise<LanCertificate> {
  return ensureLanCertificate(await makeTempDir(), '192.0.2.1') // another address than the one it is reached at
}

async function tlsServer(pem: LanCertificate): Promise<string> {
  return listening(createHttpsServer({ cert: pem.cert, key: pem.key }, (_request, response) => response.end('hello')))
}

describe('pinned TLS', () => {
  it('trusts the pinned certificate (not named for this address) and refuses another one before sending anything', async () => {
    const [mine, other] = [await certificate(), await certificate()]
    const origin = await tlsServer(mine)
    const pinned = await fetchPinnedCertificate(origin, mine.fingerprint)
    const client = pinnedClient(pinned)
    onTestFinished(() => client.close())
    const answer = await client.request({ method: 'GET', path: '/', headers: {} })
    let text = ''
    for await (const chunk of answer) text += String(chunk)
    expect(text).toBe('hello')
    await expect(fetchPinnedCertificate(origin, other.fingerprint)).rejects.toBeInstanceOf(CertificateMismatchError)
    const wrong = pinnedClient({ origin, certificate: other.cert, fingerprint: other.fingerprint })
    onTestFinished(() => wrong.close())
    await expect(wrong.request({ method: 'GET', path: '/', headers: {} })).rejects.toBeInstanceOf(CertificateMismatchError)
  })

  it('tells a server that speaks plain HTTP (not TLS) from one with another certificate, and sends it no request', async () => {
    const pem = await certificate()
    let requests = 0
    const origin = await listening(createHttpServer(() => void requests++))
    const refusal = fetchPinnedCertificate(origin, pem.fingerprint)
    await expect(refusal).rejects.toBeInstanceOf(NotTlsError)
    await expect(refusal).rejects.toMatchObject({ origin, message: `${origin} does not speak TLS` })
    expect(requests).toBe(0)
  })

  it('gives up on a server that accepts the connection and answers nothing', async () => {
    const pem = await certificate()
    const origin = await listening(createServer(() => undefined))
    const client = pinnedClient({ origin, certificate: pem.cert, fingerprint: pem.fingerprint })
    onTestFinished(() => client.close())
    await expect(client.request({ method: 'GET', path: '/', headers: {}, timeoutMs: 200 })).rejects.toMatchObject({ code: 'ETIMEDOUT' })
  })
})
