/** Prices, the shop's currency and time zone from a shell: `plants add/set --price`, `config set currency` and `config set timeZone` (real processes, no server running). */
import { describe, expect, it } from 'vitest'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { openTestStore } from '#setup/test-store'

const noToken = { PLANT_STORE_TOKEN: undefined }

describe('plant-store plants --price and config set currency', () => {
  it('adds, changes and removes a price; refuses one with three decimals (exit 5)', async () => {
    const { store, dir: data } = await openTestStore()
    await store.close() // a catalogue for the CLI to open
    const added = await runCli(['plants', 'add', '--name', 'Fern', '--price', '19.99', '--json', '--data', data], noToken)
    expect(added.stderr).toBe('')
    expect(JSON.parse(added.stdout)).toMatchObject({ id: 1, price: 19.99 })
    expect((await runCli(['plants', 'set', '1', '--price', '7', '--data', data], noToken)).code).toBe(0)
    // An English computer in the UK with no currency set: pounds, with their sign.
    expect((await runCli(['plants', 'get', '1', '--data', data], { ...noToken, LC_ALL: 'en_GB.UTF-8' })).stdout).toMatch(/^price: +£7\.00$/m)
    const bad = await runCli(['plants', 'set', '1', '--price', '1.234', '--data', data], noToken)
    expect(bad.code).toBe(5)
    expect(bad.stderr).toContain('two decimals')
    expect((await runCli(['plants', 'set', '1', '--price', 'ten', '--data', data], noToken)).code).toBe(2)
    expect((await runCli(['plants', 'set', '1', '--price', '', '--data', data], noToken)).code).toBe(0)
    expect(JSON.parse((await runCli(['plants', 'get', '1', '--json', '--data', data], noToken)).stdout)).not.toHaveProperty('price')
  })

  it('sets the currency (any case), refuses a code that is not ISO 4217 with exit 2', async () => {
    const data = await makeTempDir()
    const set = await runCli(['config', 'set', 'currency', 'gbp', '--data', data])
    expect(set).toMatchObject({ code: 0, stdout: 'currency = GBP\n' })
    expect((await runCli(['config', 'get', 'currency', '--data', data])).stdout).toBe('GBP\n')
    const bad = await runCli(['config', 'set', 'currency', 'XYZ', '--data', data])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('ISO 4217')
    expect((await runCli(['config', 'get', 'currency', '--data', data])).stdout).toBe('GBP\n')
  })

  it('sets the time zone (any case, stored as the IANA name is spelled), refuses one Intl does not know with exit 2', async () => {
    const data = await makeTempDir()
    expect(await runCli(['config', 'set', 'timeZone', 'america/new_york', '--data', data])).toMatchObject({
      code: 0,
      stdout: 'timeZone = America/New_York\n'
    })
    const bad = await runCli(['config', 'set', 'timeZone', 'Mars/Olympus_Mons', '--data', data])
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('IANA time zone name such as Europe/Berlin') })
    expect((await runCli(['config', 'get', 'timeZone', '--data', data])).stdout).toBe('America/New_York\n')
  })
})
