/**
 * `plant-store plants delete ID` and `plants restore ID` for shell scripts: the same exit codes and --json as the
 * other plants commands, against a running server and against a folder with nothing running on it.
 */
import { describe, expect, it } from 'vitest'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const unsetToken = { PLANT_STORE_TOKEN: undefined }

describe('plant-store plants delete and restore (real processes)', () => {
  it('deletes and restores through the running server, with exit codes a script can act on', async () => {
    const dir = await makeTempDir()
    await startServe(dir, [], unsetToken)
    const cli = (...args: string[]) => runCli(['plants', ...args, '--data', dir], unsetToken)
    await cli('add', '--name', 'Fern')
    await cli('add', '--name', 'Moss')

    const stale = await cli('delete', '1', '--if-match', '7')
    expect(stale).toMatchObject({ code: 4, stderr: expect.stringMatching(/changed since you read it/) })
    const deleted = await cli('delete', '1')
    expect(deleted).toMatchObject({ code: 0, stdout: 'Deleted plant 1 "Fern"; plant-store plants restore 1 brings it back (within 30 days)\n' })
    expect((await cli('get', '1')).code).toBe(3)
    expect(await cli('delete', '1')).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('plant 1 is deleted already; plant-store plants restore 1 brings it back')
    })
    expect((await cli('delete', '99')).code).toBe(3)

    const restored = await cli('restore', '1', '--json')
    expect(restored.code).toBe(0)
    expect(JSON.parse(restored.stdout)).toMatchObject({ id: 1, name: 'Fern', status: 'available', version: 3 })
    expect(await cli('restore', '1')).toMatchObject({
      code: 4,
      stderr: expect.stringMatching(/Plant 1 is not deleted, so there is nothing to restore/)
    })
    expect(await cli('restore', '99')).toMatchObject({ code: 3, stderr: expect.stringMatching(/no deleted plant/i) })

    const asJson = await cli('delete', '2', '--if-match', '1', '--json')
    expect(asJson.code).toBe(0)
    expect(JSON.parse(asJson.stdout)).toMatchObject({ id: 2, name: 'Moss', version: 1 })
    expect((await cli('restore', '2')).stdout).toBe('Restored plant 2 "Moss" (available, version 3)\n')

    expect((await cli('delete')).code).toBe(2)
    expect((await cli('restore', '1', '--if-match', '3')).code).toBe(2)
    expect((await cli('delete', '1', '--name', 'x')).code).toBe(2)
  })

  it('deletes and restores in a folder with nothing running on it', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir, [], unsetToken)
    await server.stop()
    const cli = (...args: string[]) => runCli(['plants', ...args, '--data', dir], unsetToken)
    await cli('add', '--name', 'Fern')
    expect((await cli('delete', '1')).code).toBe(0)
    expect((await cli('list', '--json')).stdout).toBe('[]\n')
    expect((await cli('restore', '1')).stdout).toBe('Restored plant 1 "Fern" (available, version 3)\n')
  })
})
