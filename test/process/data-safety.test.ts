import { chmod, readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostPlatform } from '#lib/platform'
import { readCatalogue } from '#store/file/read-catalogue'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { giveToUnprivileged, runAsUnprivileged } from '#setup/unprivileged'

const TOKEN = 'data-safety-token-0123456789abcdef012345'
const ENV = { PLANT_STORE_TOKEN: TOKEN }

function add(baseUrl: string, name: string) {
  return fetch(`${baseUrl}/plant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ name })
  })
}

/** Names of the plants on disk (plants.json plus its journal), as the next start would see them. */
async function names(dir: string): Promise<(string | undefined)[]> {
  return (await readCatalogue(dir))!.data.plants.map((plant) => plant.name)
}

describe('one writer per data folder', () => {
  it('refuses a second serve on the same folder, naming the holder; the first keeps serving', async () => {
    const dir = await makeTempDir()
    const first = await startServe(dir, [], ENV)
    const second = await runCli(['serve', '--port', '0', '--data', dir], ENV)
    expect(second.code).toBe(1)
    expect(second.stderr).toContain(`in use by plant-store serve (process ${first.child.pid}`)
    expect((await add(first.baseUrl, 'still here')).status).toBe(200)
  })

  it('lets exactly one of several servers started at the same moment have the folder', async () => {
    const dir = await makeTempDir()
    const starts = await Promise.allSettled(Array.from({ length: 5 }, () => startServe(dir, [], ENV)))
    const running = starts.filter((start) => start.status === 'fulfilled')
    expect(running).toHaveLength(1)
    for (const start of starts) {
      if (start.status === 'rejected') expect(String(start.reason)).toMatch(/exited with 1[\s\S]*in use by/)
    }
  })

  it('starts again at once after the holder was killed with SIGKILL', async () => {
    const dir = await makeTempDir()
    const first = await startServe(dir, [], ENV)
    await add(first.baseUrl, 'before the kill')
    await first.stop('SIGKILL')
    const started = Date.now()
    const second = await startServe(dir, [], ENV)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await add(second.baseUrl, 'after')).status).toBe(200)
    expect(await names(dir)).toEqual(['before the kill', 'after'])
  })
})

describe('a damaged or foreign data file', () => {
  it.each([
    ['empty', '', /empty/],
    ['NUL-filled', '\0'.repeat(64), /NUL/],
    ['truncated', '{"version":1,"nextId":3,"plants":[{"id":1,', /not valid JSON/],
    ['null', 'null', /holds null/],
    ['an array', '[]', /holds an array/],
    ['from a newer version', '{"version":9,"nextId":1,"plants":[]}', /newer Plant Store/]
  ])('refuses to start on a file that is %s, names the file and the latest backup, and leaves it untouched', async (_label, content, problem) => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], ENV)
    await add(server.baseUrl, 'Fern') // makes a backup of the empty catalogue first
    await server.stop()
    const file = path.join(dir, 'plants.json')
    await writeFile(file, content)
    const result = await runCli(['serve', '--port', '0', '--data', dir], ENV)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(problem)
    expect(result.stderr).toContain(file)
    expect(result.stderr).toMatch(/latest backup is \S+backups\/plants-\S+\.json/)
    expect(result.stderr).toContain('plant-store restore --from')
    expect(await readFile(file, 'utf8')).toBe(content)
  })

  it('is put right by restore --latest, keeping the damaged file aside', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], ENV)
    await add(server.baseUrl, 'Fern')
    await server.stop()
    expect((await runCli(['backup', '--data', dir])).stdout).toMatch(/Backed up 1 plant to .*backups/)
    await writeFile(path.join(dir, 'plants.json'), '{"trunc')

    const restored = await runCli(['restore', '--latest', '--data', dir])
    expect(restored.code).toBe(0)
    expect(restored.stdout).toMatch(/Restored 1 plant from .*kept as .*plants\.json\.replaced-/)
    const aside = (await readdir(dir)).find((name) => name.startsWith('plants.json.replaced-'))!
    expect(await readFile(path.join(dir, aside), 'utf8')).toBe('{"trunc')
    const again = await startServe(dir, [], ENV)
    expect((await add(again.baseUrl, 'Palm')).status).toBe(200)
    expect(await names(dir)).toEqual(['Fern', 'Palm'])
  })

  it('refuses restore while the server runs, and a backup that is not a catalogue', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], ENV)
    const bogus = path.join(dir, 'bogus.json')
    await writeFile(bogus, '{"hello": "world"}')
    const whileRunning = await runCli(['restore', '--from', bogus, '--data', dir])
    expect(whileRunning.code).toBe(1)
    expect(whileRunning.stderr).toMatch(/in use by plant-store serve/)
    await server.stop()
    const invalid = await runCli(['restore', '--from', bogus, '--data', dir])
    expect(invalid.code).toBe(1)
    expect(invalid.stderr).toMatch(/bogus\.json cannot be used: version/)
    const missing = await runCli(['restore', '--from', path.join(dir, 'nope.json'), '--data', dir])
    expect(missing.stderr).toMatch(/File not found: .*nope\.json/)
  })
})

// POSIX permissions checked by the kernel for another account; Windows has ACLs instead, which these do not model.
describe.skipIf(hostPlatform() === 'win32')('a data folder that cannot be written', () => {
  it('exits 1 with a clear message and writes nothing (new folder)', async () => {
    const dir = await makeTempDir()
    await giveToUnprivileged(dir) // their own folder, made read-only (a folder of another user is refused before: data-folder.test.ts)
    await chmod(dir, 0o555)
    const result = await runAsUnprivileged(['serve', '--port', '0', '--data', dir])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/Cannot use the data folder: permission denied \(EACCES\)/)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(await readdir(dir)).toEqual([])
  })

  it('exits 1 and leaves an existing catalogue untouched', async () => {
    const dir = await makeTempDir()
    const content = '{"version":1,"nextId":1,"plants":[]}'
    await writeFile(path.join(dir, 'plants.json'), content, { mode: 0o644 })
    await giveToUnprivileged(dir, path.join(dir, 'plants.json'))
    await chmod(dir, 0o555)
    const result = await runAsUnprivileged(['serve', '--port', '0', '--data', dir])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/permission denied/)
    expect(await readdir(dir)).toEqual(['plants.json'])
    expect(await readFile(path.join(dir, 'plants.json'), 'utf8')).toBe(content)
  })
})

describe('graceful shutdown', () => {
  it('finishes the writes in flight on SIGTERM: every acknowledged add is on disk', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], ENV)
    const acknowledged: string[] = []
    let firstAnswer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve))
    const sends = Array.from(
      { length: 40 },
      (_, i) =>
        add(server.baseUrl, `p${i}`)
          .then((response) => {
            if (response.status === 200) acknowledged.push(`p${i}`)
            firstAnswer()
          })
          .catch(() => undefined) // refused once the server stopped accepting: never acknowledged
    )
    await answered
    const stopping = Date.now()
    expect(await server.stop('SIGTERM')).toBe(0)
    expect(Date.now() - stopping).toBeLessThan(2_000) // no waiting out keep-alive timeouts
    await Promise.all(sends)
    const saved = await names(dir)
    for (const name of acknowledged) expect(saved).toContain(name)
    expect(acknowledged.length).toBeGreaterThan(0)
  })
})
