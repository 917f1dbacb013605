/** The owner's scripts: `sales list --day D --json` and `day close --counted AMOUNT` (real processes, no server running). */
import { describe, expect, it } from 'vitest'
import type { DayClose, DayReport } from '#shared/day'
import type { NewSale, Refund, Sale } from '#shared/sale'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { runCli } from '#setup/serve-process'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR, type Actor } from '#store'

const noToken = { PLANT_STORE_TOKEN: undefined }
/** An English computer, whatever the machine running the tests is set to: amounts as en-GB writes them. */
const ukComputer = { ...noToken, LC_ALL: 'en_GB.UTF-8' }

/** Two basil at 3.99, paid 10.00 cash. */
const TWO_BASIL: NewSale = { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash', amount: 798, given: 1000 }] }

/** A data folder with one sale of two basil by each of `sellers` (the command line by default); resolves with the folder and the sales. */
async function folderWithSales(sellers: Actor[] = [CLI_ACTOR]): Promise<{ data: string; sales: Sale[] }> {
  const { store, dir: data } = await openTestStore()
  try {
    await store.add({ name: 'Basil', price: 3.99, quantity: 50 }, CLI_ACTOR)
    const sales: Sale[] = []
    for (const seller of sellers) sales.push((await store.sales.complete({ sale: TWO_BASIL, settings: DEFAULT_SALES_SETTINGS }, seller)).sale)
    return { data, sales }
  } finally {
    await store.close()
  }
}

/** A data folder with one sale of two basil at 3.99, paid 10.00 cash; resolves with the folder and the sale. */
async function folderWithASale(): Promise<{ data: string; sale: Sale }> {
  const { data, sales } = await folderWithSales()
  return { data, sale: sales[0]! }
}

/** Sets the folder's currency (and its time zone to UTC, so that a sale's day is the date in its ISO time). */
async function sellIn(currency: string, data: string): Promise<void> {
  for (const [key, value] of [
    ['currency', currency],
    ['timeZone', 'UTC']
  ])
    expect((await runCli(['config', 'set', key!, value!, '--data', data], ukComputer)).code).toBe(0)
}

describe('plant-store sales and day', () => {
  it("lists a day's sales as JSON, and nothing on another day", async () => {
    const { data, sale } = await folderWithASale()
    const day = sale.at.slice(0, 10)
    const listed = await runCli(['sales', 'list', '--day', day, '--json', '--data', data], noToken)
    expect(listed.stderr).toBe('')
    expect(JSON.parse(listed.stdout) as { sales: Sale[]; refunds: Refund[] }).toEqual({ day, sales: [sale], refunds: [] })
    expect((await runCli(['sales', 'list', '--day', '2001-01-01', '--data', data], noToken)).stdout).toBe('No sales on 2001-01-01\n')
    expect((await runCli(['sales', 'list', '--day', '25.11.2026', '--data', data], noToken)).code).toBe(2)
  })

  it('closes the day with the cash counted, and the next day starts', async () => {
    const { data } = await folderWithASale()
    const closed = await runCli(['day', 'close', '--counted', '7.98', '--float', '50', '--json', '--data', data], noToken)
    expect(closed.stderr).toBe('')
    expect(JSON.parse(closed.stdout) as DayClose).toMatchObject({
      day: 1,
      counted: 798,
      difference: 0,
      nextFloat: 5000,
      report: { sales: 1, net: 798 }
    })
    const next = JSON.parse((await runCli(['day', 'show', '--json', '--data', data], noToken)).stdout) as DayReport
    expect(next).toMatchObject({ day: 2, sales: 0, openingFloat: 5000, expectedCash: 5000 })
    await sellIn('GBP', data)
    const words = await runCli(['day', 'close', '--counted', '49.50', '--data', data], ukComputer)
    expect(words.stdout).toContain('difference -£0.50 (short)')
    expect(words.stdout).toContain('Day 2 closed; day 3 started.')
    expect((await runCli(['day', 'close', '--counted', '12.345', '--data', data], noToken)).code).toBe(2)
    expect((await runCli(['day', 'close', '--data', data], noToken)).code).toBe(2)
  })

  it('names who served: the staff member, else "Till", never the token name "ui"; amounts with their currency', async () => {
    const { data, sales } = await folderWithSales([{ by: 'ui', staff: 'Anna' }, { by: 'ui' }])
    await sellIn('GBP', data)
    const listed = await runCli(['sales', 'list', '--day', sales[0]!.at.slice(0, 10), '--data', data], ukComputer)
    expect(listed.stderr).toBe('')
    const clock = (sale: Sale) => sale.at.slice(11, 16) // the shop's clock: UTC here
    expect(listed.stdout).toBe(`receipt 1  ${clock(sales[0]!)}  Anna  £7.98\nreceipt 2  ${clock(sales[1]!)}  Till  £7.98\n`)
  })

  it('shows a closed day by its number, the day being traded as the X report, and refuses a day not started', async () => {
    const { data } = await folderWithASale()
    await sellIn('GBP', data)
    expect((await runCli(['day', 'close', '--counted', '7.00', '--float', '20', '--data', data], ukComputer)).code).toBe(0)
    const closed = await runCli(['day', 'show', '--day', '1', '--data', data], ukComputer)
    expect(closed.stderr).toBe('')
    const lines = closed.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^Day 1 closed \d{4}-\d\d-\d\d \d\d:\d\d by Till$/)
    expect(lines).toContain('Day 1: 1 sale(s), 0 refund(s)')
    expect(lines.at(-1)).toBe('counted £7.00  difference -£0.98 (short)  left for the next day £20.00')
    expect(JSON.parse((await runCli(['day', 'show', '--day', '1', '--json', '--data', data], ukComputer)).stdout)).toMatchObject({
      day: 1,
      counted: 700,
      difference: -98
    })
    const today = await runCli(['day', 'show', '--day', '2', '--data', data], ukComputer)
    expect(today.stdout).toBe((await runCli(['day', 'show', '--data', data], ukComputer)).stdout)
    expect(today.stdout).toContain('Day 2: 0 sale(s), 0 refund(s)\n')
    expect(today.stdout).toContain('opening float £20.00  expected cash £20.00\n')
    const later = await runCli(['day', 'show', '--day', '3', '--data', data], ukComputer)
    expect([later.code, later.stderr]).toEqual([3, 'plant-store: day 3 has not started: the day being traded is day 2 (plant-store day show)\n'])
  })
})
