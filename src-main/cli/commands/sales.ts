/** `plant-store sales list`: a day's sales and refunds for the owner's scripts (--json), through the API. */
import { DAY_PATTERN } from '#shared/sale'
import { UsageError, type Command } from '#cli/command'
import { withApiClient } from '#cli/api-command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { shopWordsOf } from '#cli/output/money-output'
import { salesLines } from '#cli/output/sales-output'

const help = `Usage: plant-store sales list [--day YYYY-MM-DD] [--json]

Lists the sales and refunds of a day (the shop's date, in its time zone; today by default), oldest first, through
the running server (or the data folder itself when nothing runs on it). Each line: the receipt (or refund) number,
the time on the shop's clock, who served (the staff member; without staff, the till's name, or "Till" for this
computer's own) and the amount in the shop's currency.

Options:
  --day YYYY-MM-DD  the day, e.g. 2026-11-25
  --json            print {"day", "sales": [...], "refunds": [...]} as the API answers it
                    (amounts in minor units: 1250 is 12.50)
${dataOptionHelp()}
  -h, --help        show this help

Exit codes: 0 done, 1 failed, 2 usage error, 3 no Plant Store data in the folder.
`

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals, dataDir } = readOptions(args, env, { day: { type: 'string' }, json: { type: 'boolean' } }, true)
  if (positionals[0] !== 'list' || positionals.length > 1) throw new UsageError('say what to do: plant-store sales list [--day YYYY-MM-DD] [--json]')
  if (values.day !== undefined && !DAY_PATTERN.test(values.day)) throw new UsageError(`--day must be a date such as 2026-11-25; got "${values.day}"`)
  return withApiClient(dataDir, env, { holder: 'a plant-store sales command', use: 'read' }, async (client) => {
    const listed = await client.listSales(values.day)
    if (values.json) {
      process.stdout.write(JSON.stringify(listed, null, 2) + '\n')
      return
    }
    const lines = salesLines(listed, await shopWordsOf(client))
    process.stdout.write(lines.length === 0 ? `No sales on ${listed.day}\n` : `${lines.join('\n')}\n`)
  })
}

export const salesCommand: Command = { summary: "list a day's sales and refunds (--json)", help, run }
