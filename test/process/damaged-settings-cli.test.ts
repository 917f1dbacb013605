/**
 * A damaged settings.json: the CLI says which file, what is wrong and how to repair it (exit 1, not the usage
 * error's 2), and `config reset` repairs it, keeping the damaged file aside.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('plant-store config on a damaged settings.json', () => {
  it('names the repair, and config reset keeps the file aside so that settings can be set again', async () => {
    const data = await makeTempDir()
    expect((await runCli(['config', 'set', 'currency', 'EUR', '--data', data])).code).toBe(0)
    await writeFile(path.join(data, 'settings.json'), '{"currency": "EUR",')
    const refused = await runCli(['config', 'set', 'currency', 'GBP', '--data', data])
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('plant-store config reset') })
    expect(refused.stderr).toContain(`the settings file ${path.join(data, 'settings.json')} is damaged: it is not valid JSON`)

    const reset = await runCli(['config', 'reset', '--data', data])
    expect(reset).toMatchObject({ code: 0, stdout: expect.stringContaining('settings.json.damaged-') })
    const aside = (await readdir(data)).filter((name) => name.startsWith('settings.json.damaged-'))
    expect(aside).toHaveLength(1)
    expect(await readFile(path.join(data, aside[0]!), 'utf8')).toBe('{"currency": "EUR",')
    expect(await runCli(['config', 'set', 'currency', 'GBP', '--data', data])).toMatchObject({ code: 0, stdout: 'currency = GBP\n' })
  })

  it('leaves a settings file that can be read alone', async () => {
    const data = await makeTempDir()
    expect((await runCli(['config', 'set', 'currency', 'GBP', '--data', data])).code).toBe(0)
    expect(await runCli(['config', 'reset', '--data', data])).toMatchObject({ code: 1, stderr: expect.stringContaining('not damaged') })
    expect((await runCli(['config', 'get', 'currency', '--data', data])).stdout).toBe('GBP\n')
  })
})
