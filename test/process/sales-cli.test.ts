/** The owner's scripts: `sales list --day D --json` and `day close --counted AMOUNT` (real processes, no server running). */
import { describe, expect, it } from 'vitest'
import type { DayClose, DayReport } from '#shared/day'
import type { Refund, Sale } from '#shared/sale'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { runCli } from '#setup/serve-process'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

const noToken = { PLANT_STORE_TOKEN: undefined }

/** A data folder with one sale of two basil at 3.99, paid 10.00 cash; resolves with the folder and the sale. */
async function folderWithASale(): Promise<{ data: string; sale: Sale }> {
  const { store, dir: data } = await openTestStore()
  try {
    await store.add({ name: 'Basil', price: 3.99, quantity: 5 }, CLI_ACTOR)
    const { sale } = await store.sales.complete(
      {
        sale: { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash', amount: 798, given: 1000 }] },
        settings: DEFAULT_SALES_SETTINGS
      },
      CLI_ACTOR
    )
    return { data, sale }
  } finally {
    await store.close()
  }
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
    const words = await runCli(['day', 'close', '--counted', '49.50', '--data', data], noToken)
    expect(words.stdout).toContain('difference -0.50')
    expect(words.stdout).toContain('Day 2 closed; day 3 started.')
    expect((await runCli(['day', 'close', '--counted', '12.345', '--data', data], noToken)).code).toBe(2)
    expect((await runCli(['day', 'close', '--data', data], noToken)).code).toBe(2)
  })
})
