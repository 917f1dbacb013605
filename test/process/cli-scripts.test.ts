/**
 * The CLI as a shell script uses it: from a folder outside the project, via a
 * `plant-store` on PATH (as `npm link` / `npm install -g` make it), with JSON
 * output and exit codes, against a running server and against a folder with
 * nothing running on it.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, symlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BIN, runCli, runProgram, startServe, type CliResult } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

/** A folder holding a `plant-store` symlink to the project's bin, as `npm link` makes one. */
async function linkedBinDir(): Promise<string> {
  const dir = await makeTempDir('plant-store-bin-')
  await symlink(BIN, path.join(dir, 'plant-store'))
  return dir
}

/** Runs `command` in a shell from the system's temp folder, with `binDir` first on PATH and the owner token from DIR/token. */
function shell(command: string, binDir: string): Promise<CliResult> {
  return runProgram('/bin/sh', ['-c', command], { PATH: `${binDir}:${process.env.PATH}`, PLANT_STORE_TOKEN: undefined }, os.tmpdir())
}

const unsetToken = { PLANT_STORE_TOKEN: undefined }

describe('plant-store for shell scripts (real processes)', () => {
  it('works from any folder through a linked `plant-store` on PATH, against the running server', async () => {
    const dir = await makeTempDir()
    const bin = await linkedBinDir()
    const server = await startServe(dir, [], unsetToken)
    const added = await shell(`plant-store plants add --name Monstera --tags indoor,shade --json --data "${dir}"`, bin)
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect(JSON.parse(added.stdout)).toMatchObject({ id: 1, name: 'Monstera', tags: ['indoor', 'shade'], version: 1 })
    const listed = await shell(`cd /tmp && plant-store plants list --json --data "${dir}"`, bin)
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: 1, status: 'available' })])
    // The README's curl line, from /tmp: the token comes from the linked command, not from npx.
    const curl = await shell(`curl -s -H "Authorization: Bearer $(plant-store token --data "${dir}")" "${server.baseUrl}/plant/search/status"`, bin)
    expect(JSON.parse(curl.stdout)).toEqual([{ id: 1, name: 'Monstera', status: 'available', tags: ['indoor', 'shade'] }])
  })

  it('is on PATH after `npm link` (the documented headless install) and runs from /tmp', async () => {
    const prefix = await makeTempDir('plant-store-npm-prefix-')
    const project = path.dirname(path.dirname(BIN))
    const npm = spawn('npm', ['link', '--ignore-scripts', '--offline', '--no-audit', '--no-fund', '--no-update-notifier'], {
      cwd: project,
      env: { ...process.env, NPM_CONFIG_PREFIX: prefix },
      stdio: 'ignore'
    })
    expect((await once(npm, 'exit'))[0]).toBe(0)
    const version = await shell('plant-store --version', path.join(prefix, 'bin'))
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) })
    const missing = await shell('plant-store plants list --data /nonexistent-plant-store-folder', path.join(prefix, 'bin'))
    expect(missing.code).toBe(3)
  })

  it('answers with meaningful exit codes', async () => {
    const dir = await makeTempDir()
    await startServe(dir, [], unsetToken)
    const cli = (...args: string[]) => runCli([...args, '--data', dir], unsetToken)
    expect((await cli('plants', 'add', '--name', 'Fern')).code).toBe(0)
    expect((await cli('plants', 'set', '1', '--status', 'sold', '--if-match', '1')).code).toBe(0)
    const stale = await cli('plants', 'set', '1', '--status', 'available', '--if-match', '1')
    expect(stale.code).toBe(4)
    expect(stale.stderr).toMatch(/changed since you read it: it is now at version 2/)
    expect((await cli('plants', 'get', '99')).code).toBe(3)
    expect((await cli('plants', 'add', '--name', ' ')).code).toBe(5)
    expect((await cli('plants', 'set', '1', '--status', 'lost')).code).toBe(2)
    expect((await cli('plants', 'list', '--if-match', '3')).code).toBe(2)
    expect((await cli('plants', 'add', '--category', 'Ferns')).stderr).toMatch(/give the plant a name/) // not an unnamed plant by accident
    expect((await cli('token', 'revoke', 'owner')).stderr).toMatch(/owner's token cannot be revoked; replace it with plant-store token --rotate/)
    const refused = await runCli(['plants', 'list', '--data', dir], { PLANT_STORE_TOKEN: 'not-the-token-not-the-token-not-the-token' })
    expect(refused.code).toBe(6)
    expect(refused.stderr).toMatch(/Token not accepted \(rotated or revoked\?\)/)
    const got = await cli('plants', 'get', '1', '--json')
    expect(JSON.parse(got.stdout)).toMatchObject({ id: 1, status: 'sold', version: 2 })
  })

  it('opens the folder under its lock when no server runs, and after a server was killed (a read takes no lock)', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], unsetToken)
    await server.stop()
    const cli = (...args: string[]) => runCli([...args, '--data', dir], unsetToken)
    expect(await cli('token', '--link')).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/no Plant Store is running on/) })
    expect((await cli('plants', 'add', '--name', 'Fern', '--status', 'pending')).stdout).toMatch(/^Added plant 1 "Fern" \(pending, version 1\)/)
    const killed = await startServe(dir, [], unsetToken)
    await killed.stop('SIGKILL') // leaves server.json and the lock behind
    const listed = await cli('plants', 'list', '--status', 'pending', '--json')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout).map((plant: { name: string }) => plant.name)).toEqual(['Fern'])
    // A read writes nothing: the killed server's lock stays as it was until a command that writes takes the folder over.
    const leftLock = await readFile(path.join(dir, 'lock'), 'utf8')
    expect(JSON.parse(leftLock)).toMatchObject({ pid: killed.child.pid })
    expect((await cli('plants', 'add', '--name', 'Moss')).code).toBe(0)
    expect((await readdir(dir)).filter((name) => name === 'lock')).toEqual([]) // taken over, then released
  })

  it('a failed token lookup fails loudly: no data in the folder → nothing printed, exit 3, and nothing created', async () => {
    const empty = path.join(await makeTempDir(), 'not-plant-store')
    await mkdir(empty)
    for (const args of [['token'], ['token', '--rotate'], ['token', 'add', 'till'], ['plants', 'list']]) {
      const result = await runCli([...args, '--data', empty], unsetToken)
      expect(result.code, args.join(' ')).toBe(3)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/there is no Plant Store data in .*not-plant-store/)
    }
    expect(await readdir(empty)).toEqual([])
    const created = await runCli(['token', '--data', empty, '--create'], unsetToken)
    expect(created.code).toBe(0)
    expect(created.stdout.trim().length).toBeGreaterThanOrEqual(32)
    expect(existsSync(path.join(empty, 'token'))).toBe(true)
  })

  it('token --link prints the UI address the server printed; add, list and revoke manage named tokens', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], unsetToken)
    const cli = (...args: string[]) => runCli([...args, '--data', dir], unsetToken)
    expect((await cli('token', '--link')).stdout).toBe(`${server.uiUrl}\n`)
    const added = await cli('token', 'add', 'till-1', '--read-only')
    expect(added.code).toBe(0)
    const secret = added.stdout.trim()
    expect(added.stderr).toMatch(/shown this once/)
    expect((await cli('token', 'add', 'till-1')).code).toBe(4)
    const get = (token: string) => fetch(`${server.baseUrl}/plant`, { headers: { authorization: `Bearer ${token}` } })
    await expect.poll(async () => (await get(secret)).status).toBe(200)
    const write = await fetch(`${server.baseUrl}/plant`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"name":"x"}'
    })
    expect(write.status).toBe(403)
    const list = JSON.parse((await cli('token', 'list', '--json')).stdout)
    expect(list).toEqual([expect.objectContaining({ name: 'till-1', scope: 'read-only' })])
    expect(JSON.stringify(list)).not.toContain(secret)
    const revoked = await cli('token', 'revoke', 'till-1')
    expect(revoked.code).toBe(0)
    // Refused without a restart (how soon, "within a second": test/unit/named-tokens.test.ts, on a faked clock).
    await expect.poll(async () => (await get(secret)).status).toBe(401)
    expect((await cli('token', 'revoke', 'till-1')).code).toBe(3)
  })

  it('remembers an Idempotency-Key across a crash and restart: the retry gets the same answer, no second plant', async () => {
    const dir = await makeTempDir()
    let server = await startServe(dir)
    const post = (target: typeof server) =>
      fetch(`${target.baseUrl}/plant`, {
        method: 'POST',
        headers: target.headers({ 'content-type': 'application/json', 'idempotency-key': '"retry-me"' }),
        body: JSON.stringify({ name: 'Fern' })
      })
    const first = await post(server)
    const firstBody = await first.json()
    await server.stop('SIGKILL') // the key lives only in the journal now
    server = await startServe(dir)
    const again = await post(server)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(await again.json()).toEqual(firstBody)
    const all = await fetch(`${server.baseUrl}/plant/search/status`, { headers: server.headers() })
    expect(await all.json()).toHaveLength(1)
  })
})
