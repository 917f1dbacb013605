/** `plant-store token add|revoke` beside a running server: a token works once the command has returned; a crash's lock blocks nothing. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { utimes, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { namedTokensFile, readNamedTokens } from '#auth/named-tokens'
import { catalogueFolder } from '#setup/catalogue-folder'
import { runCli, startServe } from '#setup/serve-process'

const ROUNDS = 12

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

describe('named tokens made with the CLI while the server runs', () => {
  it(`a token works as soon as \`token add\` returns (${ROUNDS} times, each used at once)`, { timeout: 120_000 }, async () => {
    const dir = await catalogueFolder()
    const server = await startServe(dir)
    for (let round = 0; round < ROUNDS; round++) {
      const added = await runCli(['token', 'add', `script-${round}`, '--data', dir])
      expect(added.code, added.stderr).toBe(0)
      const response = await fetch(`${server.baseUrl}/plant`, { headers: { authorization: `Bearer ${added.stdout.trim()}` } })
      expect(response.status, `round ${round}`).toBe(200)
    }
  })

  it('a lock left by a killed process, even dated in the future, blocks neither add nor revoke', { timeout: 60_000 }, async () => {
    const dir = await catalogueFolder()
    const lock = `${namedTokensFile(dir)}.lock`
    const leave = async () => {
      await writeFile(lock, JSON.stringify({ pid: await deadPid() }))
      const ahead = new Date(Date.now() + 3_600_000) // the clock was put back since the crash
      await utimes(lock, ahead, ahead)
    }
    await leave()
    const added = await runCli(['token', 'add', 'leaked', '--data', dir])
    expect(added.code, added.stderr).toBe(0)
    await leave()
    const revoked = await runCli(['token', 'revoke', 'leaked', '--data', dir])
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(await readNamedTokens(dir)).toEqual([])
  })
})

describe("names that are JavaScript's own, on the command line", () => {
  it(
    '`plant-store constructor` is an unknown command, `help toString` the main help, and a token may be named valueOf',
    { timeout: 60_000 },
    async () => {
      const unknown = await runCli(['constructor'])
      expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('unknown command "constructor"')])
      const plants = await runCli(['plants', 'constructor'])
      expect([plants.code, plants.stderr]).toEqual([2, expect.stringContaining('say what to do: plant-store plants list|get|add|set')])
      const help = await runCli(['help', 'toString'])
      expect(help.code).toBe(0)
      expect(help.stdout).toMatch(/Commands:/)
      const dir = await catalogueFolder()
      const added = await runCli(['token', 'add', 'valueOf', '--data', dir])
      expect(added.code, added.stderr).toBe(0)
      expect((await readNamedTokens(dir)).map((token) => token.name)).toEqual(['valueOf'])
    }
  )
})
