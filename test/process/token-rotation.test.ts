/** Two `token --rotate` at once must not both print a token when only one is in force. */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { identity } from '#lib/process-identity'
import { TokenRotationBusyError, loadOrCreateToken, rotateToken, tokenFilePath } from '#auth/token'
import { runCli } from '#setup/serve-process'
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
})
