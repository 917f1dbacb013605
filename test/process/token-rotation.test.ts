/** Two `token --rotate` at once must not both print a token when only one is in force. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { identity } from '#lib/process-identity'
import { TokenReplacedError, TokenRotationBusyError, loadOrCreateToken, rotateToken, tokenFilePath } from '#auth/token'
import { BIN, runCli, startServe } from '#setup/serve-process'
import { catalogueFolder } from '#setup/catalogue-folder'
import { makeTempDir } from '#setup/temp-dir'

describe('token rotation', () => {
  it('runs one rotation at a time: a rotation that overlaps another is refused, and the one that succeeds is the token in force', async () => {
    const dir = await makeTempDir()
    await loadOrCreateToken(dir)
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => rotateToken(dir)))
    const printed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(printed).toHaveLength(1)
    expect((await readFile(tokenFilePath(dir), 'utf8')).trim()).toBe(printed[0])
    for (const reason of refused) expect(reason).toBeInstanceOf(TokenRotationBusyError)
    // Once it is done, the next rotation goes through.
    expect((await readFile(tokenFilePath(dir), 'utf8')).trim()).not.toBe(await rotateToken(dir))
  })

  it('refuses a rotation begun before the token was last replaced, leaving the token in force', async () => {
    const dir = await makeTempDir()
    const began = Date.now() - 60_000
    const inForce = await rotateToken(dir) // another rotation, finished after this one began
    await expect(rotateToken(dir, { since: began })).rejects.toBeInstanceOf(TokenReplacedError)
    await expect(rotateToken(dir, { since: began })).rejects.toThrow(/^Not rotated: the token in .* was replaced at .*, after this command began/)
    expect((await readFile(tokenFilePath(dir), 'utf8')).trim()).toBe(inForce)
  })

  it('`token --rotate` while another rotation holds the folder exits 1 with words and changes nothing', async () => {
    const dir = await catalogueFolder()
    const before = await loadOrCreateToken(dir)
    // This test process plays the rotation in progress.
    await writeFile(
      path.join(dir, 'token.rotating'),
      JSON.stringify({ pid: process.pid, holder: 'plant-store token --rotate', since: 'now', ...identity(process.pid) })
    )
    const result = await runCli(['token', '--rotate', '--data', dir])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(new RegExp(`Not rotated: another plant-store token --rotate \\(process ${process.pid}\\) is replacing the token`))
    expect((await readFile(tokenFilePath(dir), 'utf8')).trim()).toBe(before)
  })

  it('takes over the rotation lock of a rotation that was killed', async () => {
    const dir = await catalogueFolder()
    await writeFile(path.join(dir, 'token.rotating'), JSON.stringify({ pid: 999_999_999, holder: 'plant-store token --rotate', since: 'then' }))
    const result = await runCli(['token', '--rotate', '--data', dir])
    expect(result.code).toBe(0)
    expect((await readFile(tokenFilePath(dir), 'utf8')).trim()).toBe(result.stdout.trim())
  })

  it('token refuses, naming PLANT_STORE_TOKEN, when the running server was started with it, and makes no token file', async () => {
    const dir = await catalogueFolder()
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: 'env-token-env-token-env-token-env-1234' })
    for (const args of [['token'], ['token', '--rotate']]) {
      const refused = await runCli([...args, '--data', dir], { PLANT_STORE_TOKEN: undefined })
      expect(refused).toMatchObject({ code: 6, stdout: '' })
      expect(refused.stderr).toContain('was started with PLANT_STORE_TOKEN, so it accepts that token and not the token file')
    }
    await expect(readFile(tokenFilePath(dir), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
    const printed = await runCli(['token', '--data', dir], { PLANT_STORE_TOKEN: 'env-token-env-token-env-token-env-1234' })
    expect(printed.stdout).toBe('env-token-env-token-env-token-env-1234\n')
    await server.stop()
  })

  it(`a running server accepts the rotated token as soon as \`token --rotate\` returns (${ROUNDS} times)`, { timeout: 120_000 }, async () => {
    const dir = await catalogueFolder()
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: undefined })
    for (let round = 0; round < ROUNDS; round++) {
      const rotated = await runCli(['token', '--rotate', '--data', dir], { PLANT_STORE_TOKEN: undefined })
      expect(rotated.code, rotated.stderr).toBe(0)
      const response = await fetch(`${server.baseUrl}/plant`, { headers: { authorization: `Bearer ${rotated.stdout.trim()}` } })
      expect(response.status, `round ${round}`).toBe(200)
    }
  })

  it(`of ${ROTATIONS} rotations started at once, each that exits 0 printed the token in force when it exited`, { timeout: 120_000 }, async () => {
    const dir = await catalogueFolder()
    await loadOrCreateToken(dir)
    const rotations = Array.from({ length: ROTATIONS }, () => rotationAtTheGate(dir))
    for (const rotation of rotations) rotation.go()
    const outcomes = await Promise.all(rotations.map((rotation) => rotation.outcome))
    const succeeded = outcomes.filter((outcome) => outcome.code === 0)
    expect(succeeded.length).toBeGreaterThan(0)
    for (const outcome of succeeded) expect(outcome.stdout.trim(), 'printed a token already replaced').toBe(outcome.inForceAtExit)
    for (const outcome of outcomes.filter((item) => item.code !== 0)) {
      expect(outcome.code).toBe(1)
      expect(outcome.stdout).toBe('')
      expect(outcome.stderr).toMatch(/^plant-store: Not rotated: /)
    }
  })
})

const ROTATIONS = 24
const ROUNDS = 8

/** A `token --rotate` that starts when {@link go} is called, and the token file as read the moment it exited. */
function rotationAtTheGate(dir: string): {
  go: () => void
  outcome: Promise<{ code: number | null; stdout: string; stderr: string; inForceAtExit: string }>
} {
  // The shell waits for a line, then becomes the CLI: every rotation starts within the same moment, long before any
  // of them can have loaded and written a token.
  const child = spawn('/bin/sh', ['-c', 'read go && exec "$0" "$@"', process.execPath, BIN, 'token', '--rotate', '--data', dir], {
    env: { ...process.env, NODE_ENV: 'production', PLANT_STORE_TOKEN: '' },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  let inForceAtExit = ''
  // Read synchronously in the exit handler itself, as close to the exit as this process can see it.
  child.on('exit', () => (inForceAtExit = readFileSync(tokenFilePath(dir), 'utf8').trim()))
  const outcome = once(child, 'close').then(([code]) => ({ code: code as number | null, stdout, stderr, inForceAtExit }))
  return { go: () => child.stdin.end('go\n'), outcome }
}
