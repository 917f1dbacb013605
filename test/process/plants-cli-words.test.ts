/**
 * `plant-store plants` in shop words (real processes): the stock on hand in list and get, prices with the shop's
 * currency, `set` answering what it changed, and the help saying that the command asks for no staff PIN.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { STAFF_PATHS } from '#shared/staff'
import { runCli, startServe } from '#setup/serve-process'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

/** An English computer in a UK shop, whatever the machine running the tests is set to; the token from the folder. */
const UK_COMPUTER = { PLANT_STORE_TOKEN: undefined, LC_ALL: 'en_GB.UTF-8' }

/** A data folder selling in pounds with a line of basil (5 pots, reorder at 2, £3.99) and a single monstera without a price. */
async function ukShop(): Promise<string> {
  const { store, dir } = await openTestStore()
  await store.add({ name: 'Basil', price: 3.99, quantity: 5, reorderAt: 2 }, CLI_ACTOR)
  await store.add({ name: 'Monstera' }, CLI_ACTOR)
  await store.close()
  expect((await runCli(['config', 'set', 'currency', 'GBP', '--data', dir], UK_COMPUTER)).code).toBe(0)
  return dir
}

describe('plant-store plants in shop words', () => {
  it('lists and shows the pots on hand, and prices with the currency', async () => {
    const dir = await ukShop()
    const listed = await runCli(['plants', 'list', '--data', dir], UK_COMPUTER)
    expect(listed.stderr).toBe('')
    const [header, basil, monstera] = listed.stdout.split('\n').map((line) => line.split(/\s{2,}/))
    expect(header).toEqual(['ID', 'NAME', 'CATEGORY', 'STATUS', 'STOCK', 'TAGS', 'PRICE', 'VERSION'])
    expect(basil).toEqual(['1', 'Basil', 'available', '5', '£3.99', '1']) // the empty category and tags make no column
    expect(monstera).toEqual(['2', 'Monstera', 'available', '-', '1'])
    const shown = await runCli(['plants', 'get', '1', '--data', dir], UK_COMPUTER)
    expect(shown.stdout).toContain('stock:    5 in stock (reorder at 2)\n')
    expect(shown.stdout).toContain('price:    £3.99\n')
    // Scripts keep the API's numbers.
    expect(JSON.parse((await runCli(['plants', 'get', '1', '--json', '--data', dir], UK_COMPUTER)).stdout)).toMatchObject({
      quantity: 5,
      price: 3.99
    })
  })

  it('answers a change with what it changed, not with the status', async () => {
    const dir = await ukShop()
    const priced = await runCli(['plants', 'set', '1', '--price', '0.79', '--data', dir], UK_COMPUTER)
    expect([priced.code, priced.stdout]).toEqual([0, 'Plant 1 "Basil": price is now £0.79 (version 2)\n'])
    const renamed = await runCli(['plants', 'set', '2', '--name', 'Swiss cheese plant', '--status', 'pending', '--data', dir], UK_COMPUTER)
    expect(renamed.stdout).toBe('Plant 2 "Swiss cheese plant": name is now "Swiss cheese plant" and status is now pending (version 2)\n')
    expect((await runCli(['plants', 'set', '1', '--price', '', '--data', dir], UK_COMPUTER)).stdout).toBe(
      'Plant 1 "Basil": price removed (version 3)\n'
    )
  })

  it('still lists plants when settings.json is damaged, prices bare and the repair on stderr', async () => {
    const dir = await ukShop()
    await writeFile(path.join(dir, 'settings.json'), '{"currency": "GBP",')
    const listed = await runCli(['plants', 'list', '--data', dir], UK_COMPUTER)
    expect(listed.code).toBe(0)
    expect(listed.stdout.split('\n')[1]!.split(/\s{2,}/)).toEqual(['1', 'Basil', 'available', '5', '3.99', '1'])
    expect(listed.stderr).toMatch(/^plant-store: prices are shown without their currency: .*plant-store config reset/)
  })

  it('changes a price with staff set up and no PIN, as its help and the main help say', async () => {
    const dir = await ukShop()
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: undefined })
    const owner = await fetch(`${server.baseUrl}${STAFF_PATHS.staff}`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Olga', role: 'owner', pin: '4711' })
    })
    expect(owner.status).toBe(201)
    expect((await runCli(['plants', 'set', '1', '--price', '2.50', '--data', dir], UK_COMPUTER)).stdout).toContain('price is now £2.50')
    for (const args of [['--help'], ['plants', '--help']]) {
      const help = (await runCli(args, UK_COMPUTER)).stdout.replace(/\s+/g, ' ')
      expect(help).toContain('plant-store still asks for no PIN')
      expect(help).toContain('Keep that account to yourself')
    }
  })
})
