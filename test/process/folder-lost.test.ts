/**
 * Against the real `plant-store serve`: the data
 * folder deleted or replaced while the server runs, and its lock file
 * removed. No acknowledged change may be lost, no id handed out twice, and
 * nothing may be claimed that is not true.
 */
import { chmod, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '#store/file/read-catalogue'
import { addPlant, runCli, startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { IS_ROOT, NOBODY, giveToUnprivileged } from '#setup/unprivileged'

const TOKEN = 'folder-lost-token-0123456789abcdef012345'
const ENV = { PLANT_STORE_TOKEN: TOKEN }

const add = addPlant

async function names(server: ServeProcess): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/plant/search/status`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { name: string }[]).map((plant) => plant.name)
}

async function namesOnDisk(dir: string): Promise<(string | undefined)[]> {
  return (await readCatalogue(dir))!.data.plants.map((plant) => plant.name)
}

/**
 * Deletes the data folder at once, as moving it to the bin does: renamed away, then removed. An `rm -r` in place
 * empties it file by file, and the server's once-a-second check could catch it with the lock gone but the journal
 * still there, which is what another server taking the folder looks like (its own test below); the folder emptied
 * with the folder left has its own test too. (Renamed away, the folder also showed a real race: the backup the first
 * change starts made `DIR/backups` with mkdir -p, so the data folder came back empty under another inode, taken
 * for another server's; a backup never makes the data folder now.)
 */
async function deleteFolder(dir: string): Promise<void> {
  const away = `${dir}.deleted-${process.hrtime.bigint()}`
  await rename(dir, away)
  await rm(away, { recursive: true, force: true })
}

async function dataDir(): Promise<string> {
  return path.join(await makeTempDir(), 'data')
}

describe('the data folder deleted while the server runs', () => {
  it('writes the whole catalogue anew into a re-created folder, so the next change is saved for real and a restart has everything', async () => {
    const dir = await dataDir()
    const server = await startServe(dir, [], ENV)
    for (const name of ['a', 'b']) expect((await add(server, name)).status).toBe(200)
    await deleteFolder(dir)

    const after = await add(server, 'c')
    expect(after.status).toBe(200)
    expect(await namesOnDisk(dir)).toEqual(['a', 'b', 'c']) // on disk before it was acknowledged
    expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['lock', 'plants.json']))
    await expect.poll(() => server.output()).toMatch(/data folder .* was deleted while this server ran: wrote the whole catalogue \(3 plants\) anew/)
    await server.stop('SIGKILL')
    const again = await startServe(dir, [], ENV)
    expect(await names(again)).toEqual(['a', 'b', 'c'])
    expect((await (await add(again, 'd')).json()).id).toBe(4)
  })

  it('puts the catalogue back within a second even when no change comes, with the token and server.json', async () => {
    const dir = await dataDir()
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: undefined })
    const added = await fetch(`${server.baseUrl}/plant`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: '{"name":"a"}'
    })
    expect(added.status).toBe(200)
    await deleteFolder(dir)
    try {
      await expect.poll(() => namesOnDisk(dir).catch(() => []), { timeout: 4000 }).toEqual(['a'])
    } catch (e) {
      console.log('SERVER OUTPUT', server.output(), 'DIR', await readdir(dir).catch((x) => String(x)))
      throw e
    }
    // Scripts find the server and its token where they always did; the token did not change.
    await expect
      .poll(
        () =>
          readFile(path.join(dir, 'server.json'), 'utf8')
            .then(JSON.parse)
            .catch(() => ({})),
        { timeout: 5000 }
      )
      .toMatchObject({ port: server.port })
    expect((await readFile(path.join(dir, 'token'), 'utf8')).trim()).toBe(server.token)
    expect((await runCli(['token', '--data', dir])).stdout.trim()).toBe(server.token)
  })

  it('puts its files back when they are deleted but the folder stays (rm -r caught between emptying the folder and removing it)', async () => {
    const dir = await dataDir()
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: undefined })
    expect((await add(server, 'a')).status).toBe(200)
    for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true })
    await expect.poll(() => namesOnDisk(dir).catch(() => [])).toEqual(['a'])
    expect((await add(server, 'b')).status).toBe(200) // still saving: not taken for another server's folder
    await expect
      .poll(() =>
        readFile(path.join(dir, 'server.json'), 'utf8')
          .then(JSON.parse)
          .catch(() => ({}))
      )
      .toMatchObject({ port: server.port })
  })

  it.runIf(IS_ROOT)(
    'answers 503 with words while the folder cannot be re-created, keeps serving reads, and never claims on stop that changes will be replayed',
    async () => {
      const parent = await makeTempDir()
      const dir = path.join(parent, 'data')
      await mkdir(dir, { mode: 0o700 })
      await giveToUnprivileged(parent, dir)
      await chmod(parent, 0o755)
      const server = await startServe(dir, [], ENV, NOBODY)
      expect((await add(server, 'a')).status).toBe(200)
      await deleteFolder(dir)
      await chmod(parent, 0o555) // nobody can no longer make the folder again

      const refused = await add(server, 'b')
      expect(refused.status).toBe(503)
      const problem = await refused.json()
      expect(problem.title).toBe('Change not saved')
      expect(problem.detail).toMatch(
        /data folder .*data was deleted while this server ran, and writing the catalogue anew failed: permission .*Nothing is saved until .* can be written again/
      )
      expect(await names(server)).toEqual(['a'])

      await chmod(parent, 0o755) // put right: the next change goes through and everything is on disk again
      expect((await add(server, 'c')).status).toBe(200)
      expect(await namesOnDisk(dir)).toEqual(['a', 'c'])

      await deleteFolder(dir)
      await chmod(parent, 0o555)
      expect(await server.stop('SIGTERM')).toBe(0)
      expect(server.output()).not.toMatch(/replayed/)
      expect(server.output()).toMatch(/stopping without a final save: .* NOT on disk/)
    }
  )
})

describe('the journal file deleted while the server runs', () => {
  it('writes the whole catalogue anew, the change being saved included, before it answers', async () => {
    const dir = await dataDir()
    const server = await startServe(dir, [], ENV)
    for (const name of ['a', 'b']) expect((await add(server, name)).status).toBe(200)
    for (const name of await readdir(dir)) if (name.startsWith('journal-')) await rm(path.join(dir, name))

    const update = await fetch(`${server.baseUrl}/plant`, {
      method: 'PUT',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ id: 1, status: 'sold' })
    })
    expect(update.status).toBe(200)
    const onDisk = (await readCatalogue(dir))!.data.plants
    expect(onDisk.map((plant) => `${plant.name}:${plant.status}`)).toEqual(['a:sold', 'b:available'])
    await server.stop('SIGKILL')
    const again = await startServe(dir, [], ENV)
    expect((await (await add(again, 'c')).json()).id).toBe(3)
  })
})

describe('the data folder replaced by another one while the server runs', () => {
  it('refuses changes with words (503) instead of writing into the new folder, keeps serving reads, and the old folder has every acknowledged change', async () => {
    const dir = await dataDir()
    const server = await startServe(dir, [], ENV)
    for (const name of ['a', 'b']) expect((await add(server, name)).status).toBe(200)
    await rename(dir, `${dir}.old`)
    await mkdir(dir, { mode: 0o700 })

    const refused = await add(server, 'c')
    expect(refused.status).toBe(503)
    expect((await refused.json()).detail).toMatch(/was replaced by another folder while this server ran.*Stop this server and start it again/)
    expect(await names(server)).toEqual(['a', 'b'])
    await expect.poll(() => server.output()).toMatch(/STOPPED SAVING CHANGES/)
    expect(await server.stop('SIGTERM')).toBe(0)
    expect(server.output()).not.toMatch(/replayed/)
    expect(await readdir(dir)).toEqual([]) // nothing was written into the folder that took its place
    expect(await namesOnDisk(`${dir}.old`)).toEqual(['a', 'b'])
  })
})

describe('the lock file removed while the server runs', () => {
  it('keeps a second server out while the holder is alive, and the holder stops writing and says so', async () => {
    const dir = await dataDir()
    const first = await startServe(dir, [], ENV)
    expect((await add(first, 'a')).status).toBe(200)
    await rm(path.join(dir, 'lock'))

    const second = await runCli(['serve', '--port', '0', '--data', dir], ENV)
    expect(second.code).toBe(1)
    expect(second.stderr).toContain(`in use by plant-store serve (process ${first.child.pid}`)
    expect(second.stderr).toMatch(/lock file .* is missing, but that process is alive/)

    // Within about a second, without any request, the holder notices and says so loudly.
    await expect.poll(() => first.output()).toMatch(/STOPPED SAVING CHANGES: this server no longer holds the data folder .*lock was deleted/)
    const refused = await add(first, 'b')
    expect(refused.status).toBe(503)
    expect((await refused.json()).detail).toMatch(/no longer holds the data folder.*Stop this server and start it again/)
    expect(await names(first)).toEqual(['a'])

    expect(await first.stop('SIGTERM')).toBe(0)
    const restarted = await startServe(dir, [], ENV)
    expect(await names(restarted)).toEqual(['a'])
    expect((await (await add(restarted, 'c')).json()).id).toBe(2)
  })

  it('never lets two servers hand out the same ids, even when server.json is gone too', async () => {
    const dir = await dataDir()
    const first = await startServe(dir, [], ENV)
    const firstIds = [(await (await add(first, 'first-1')).json()).id]
    await rm(path.join(dir, 'lock'))
    await rm(path.join(dir, 'server.json'))
    const second = await startServe(dir, [], ENV) // nothing on disk says the folder is in use
    const secondIds = [(await (await add(second, 'second-1')).json()).id]

    // The first server's next change is refused: its lock is now the second server's. Its words name what it saw
    // first: the lock deleted (its once-a-second check ran before the second server started) or replaced (it did
    // not); which one depends on the machine's speed. Each wording: test/unit/lock.test.ts.
    const late = await add(first, 'first-2')
    expect(late.status).toBe(503)
    expect((await late.json()).detail).toMatch(/no longer holds the data folder .*: its lock file .* was (deleted|replaced by another file)\./)
    secondIds.push((await (await add(second, 'second-2')).json()).id)
    await first.stop('SIGTERM')
    await second.stop('SIGTERM')

    expect(new Set([...firstIds, ...secondIds]).size).toBe(3)
    const restarted = await startServe(dir, [], ENV)
    expect(await names(restarted)).toEqual(['first-1', 'second-1', 'second-2'])
    expect(JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8')).nextId).toBe(4)
  })
})
