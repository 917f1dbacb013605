/**
 * A till's read copy on its disk (till-reads.jsonl): read back at start as it was, answered while the main computer
 * is away; belonging to one pairing (another pairing's copy, or one of a till the main computer unpaired, is
 * forgotten); a file that is damaged or not the till's own is set aside and the till starts empty.
 */
import { chmod, lstat, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { H3 } from 'h3'
import { describe, expect, it, vi } from 'vitest'
import { HttpProblem } from '#server/problems/http-problem'
import { problem } from '#server/problems/problems'
import type { TillPairing } from '#till/pairing'
import { openReadCopy, READ_COPY_FILE_NAME } from '#till/read-copy-file'
import { OFFLINE_HEADER, TillReadCache } from '#till/routes/offline-reads'
import { makeTempDir } from '#setup/temp-dir'

const PAIRING: TillPairing = {
  origin: 'https://192.0.2.1:7421',
  certificate: 'cert',
  fingerprint: 'AA:BB',
  till: 'door',
  token: 'till-token',
  pairedAt: '2026-12-01T10:00:00.000Z'
}
/** What the copy's first line says of the pairing it belongs to. */
const MARK = { origin: PAIRING.origin, fingerprint: PAIRING.fingerprint, till: PAIRING.till, pairedAt: PAIRING.pairedAt }
const FERN = { id: 5, name: 'Fern', status: 'available', tags: [], price: 4, version: 2 }

/** A till's read copy over `dataDir`, in front of a main computer that answers Fern, is away, or unpaired this till. */
async function tillOn(dataDir: string, pairing = PAIRING) {
  let mode: 'up' | 'away' | 'revoked' = 'up'
  let fern = FERN
  const cache = new TillReadCache()
  const file = await openReadCopy(dataDir, pairing, cache)
  const handler = cache.wrap(((event: { url: URL }) => {
    if (mode === 'away') throw problem('primaryUnreachable', pairing.origin, 'ECONNREFUSED')
    if (mode === 'revoked') throw problem('tillRevoked', pairing.till)
    const body = event.url.pathname === '/v3/plant' ? [fern] : fern
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  }) as never)
  const app = new H3()
  app.all('/**', async (event) => {
    try {
      return await handler(event)
    } catch (error) {
      if (error instanceof HttpProblem) return new Response(null, { status: error.problem.status })
      throw error
    }
  })
  return {
    cache,
    file,
    get: (route: string) => app.request(route),
    set: (next: typeof mode) => (mode = next),
    rename: (name: string) => (fern = { ...FERN, name })
  }
}

const copyPath = (dir: string) => path.join(dir, READ_COPY_FILE_NAME)

describe("a till's read copy on its disk", () => {
  it('is read back at the next start and answered, marked offline, while the main computer is away', async () => {
    const dir = await makeTempDir()
    const before = await tillOn(dir)
    expect((await before.get('/v3/plant')).status).toBe(200)
    await before.file.close()
    expect((await stat(copyPath(dir))).mode & 0o777).toBe(0o600)

    const after = await tillOn(dir)
    after.set('away')
    const list = await after.get('/v3/plant')
    expect(list.status).toBe(200)
    expect(list.headers.get(OFFLINE_HEADER)).not.toBeNull()
    expect(await list.json()).toEqual([FERN])
    expect(await (await after.get('/v3/plant/5')).json()).toEqual(FERN) // the plants by id come back with their list
    await after.file.close()
  })

  it('writes only when an answer changed: a read answered the same again rewrites nothing before the stop', async () => {
    const dir = await makeTempDir()
    const till = await tillOn(dir)
    await till.get('/v3/plant/5')
    await till.file.close() // the pending write, now
    const written = (await lstat(copyPath(dir))).mtimeMs
    const again = await tillOn(dir)
    await again.get('/v3/plant/5')
    expect((await lstat(copyPath(dir))).mtimeMs).toBe(written)
    again.rename('Boston fern')
    await again.get('/v3/plant/5')
    await again.file.close()
    expect(await readFile(copyPath(dir), 'utf8')).toContain('Boston fern')
  })

  it('belongs to one pairing: paired anew, the till starts empty and the old copy is gone', async () => {
    const dir = await makeTempDir()
    const before = await tillOn(dir)
    await before.get('/v3/plant')
    await before.file.close()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const other = await tillOn(dir, { ...PAIRING, origin: 'https://192.0.2.9:7421', fingerprint: 'CC:DD', pairedAt: '2026-12-02T10:00:00.000Z' })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/belongs to another pairing: forgotten/))
    warn.mockRestore()
    other.set('away')
    expect((await other.get('/v3/plant')).status).toBe(503)
    await expect(stat(copyPath(dir))).rejects.toMatchObject({ code: 'ENOENT' })
    await other.file.close()
  })

  it('is forgotten when the main computer says it unpaired this till', async () => {
    const dir = await makeTempDir()
    const till = await tillOn(dir)
    await till.get('/v3/plant')
    await till.file.close()
    const again = await tillOn(dir)
    again.set('revoked')
    expect((await again.get('/v3/plant')).status).toBe(401)
    again.set('away')
    expect((await again.get('/v3/plant')).status).toBe(503)
    await again.file.close()
    await expect(stat(copyPath(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it.each([
    ['not JSON', (file: string) => writeFile(file, 'not a copy\n', { mode: 0o600 })],
    [
      'a line that is no answer',
      (file: string) => writeFile(file, `${JSON.stringify({ format: 'plant-store till reads', version: 1, pairing: MARK })}\n[1]\n`, { mode: 0o600 })
    ],
    ['writable by others', (file: string) => writeFile(file, '{}\n').then(() => chmod(file, 0o666))],
    ['a link', (file: string) => symlink('/etc/hostname', file)]
  ])('set aside when %s, the till starting empty and saying so', async (_what, make) => {
    const dir = await makeTempDir()
    await make(copyPath(dir))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const till = await tillOn(dir)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/damaged or not this till's .* set aside as .*the till starts with an empty copy/))
    warn.mockRestore()
    till.set('away')
    expect((await till.get('/v3/plant')).status).toBe(503)
    expect((await readdir(dir)).filter((name) => name.startsWith(`${READ_COPY_FILE_NAME}.damaged-`))).toHaveLength(1)
    till.set('up')
    await till.get('/v3/plant')
    await till.file.close()
    expect((await lstat(copyPath(dir))).isFile()).toBe(true) // written afresh, a file of its own
  })
})
