/** `plant-store day`: the X report of the day being traded, and its close with the cash counted (the Z report). */
import type { DayReport } from '#shared/day'
import { UsageError, type Command } from '#cli/command'
import { withApiClient } from '#cli/api-command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { decimalOf, minorUnitsOf } from '#cli/output/money-output'

const help = `Usage: plant-store day show [--json]
       plant-store day close --counted AMOUNT [--float AMOUNT] [--day N] [--json]

show prints the day being traded so far (the X report); close closes it with the cash
counted in the drawer (the Z report: numbered, the difference against the cash expected)
and starts the next day. Works through the running server (or the data folder itself).

Options:
  --counted AMOUNT  (close) the cash counted, e.g. 123.45
  --float AMOUNT    (close) cash left in the drawer for tomorrow (0 when left out)
  --day N           (close) close day N only: refused (exit 4) when it is closed already,
                    so a close run twice closes one day, not an empty one after it
  --json            print the report as the API answers it (amounts in minor units)
${dataOptionHelp()}
  -h, --help        show this help

Exit codes: 0 done, 1 failed, 2 usage error, 3 no Plant Store data in the folder, 4 day N closed already,
6 the token may not close the day (read-only).
`

function reportLines(report: DayReport): string[] {
  return [
    `Day ${report.day}: ${report.sales} sale(s), ${report.refunds} refund(s)`,
    `gross ${decimalOf(report.gross)}  discounts ${decimalOf(report.discounts)}  refunded ${decimalOf(report.refunded)}  net ${decimalOf(report.net)}`,
    `cash ${decimalOf(report.payments.cash)}  card ${decimalOf(report.payments.card)}  other ${decimalOf(report.payments.other)}`,
    ...report.taxRates.map((rate) => `tax ${rate.name}: ${decimalOf(rate.tax)} on ${decimalOf(rate.base)}`),
    `opening float ${decimalOf(report.openingFloat)}  expected cash ${decimalOf(report.expectedCash)}`
  ]
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const options = { counted: { type: 'string' }, float: { type: 'string' }, day: { type: 'string' }, json: { type: 'boolean' } } as const
  const { values, positionals, dataDir } = readOptions(args, env, options, true)
  const [action, ...extra] = positionals
  if ((action !== 'show' && action !== 'close') || extra.length > 0) throw new UsageError('say what to do: plant-store day show|close; see --help')
  if (action === 'show' && (values.counted !== undefined || values.float !== undefined || values.day !== undefined))
    throw new UsageError('--counted, --float and --day go with day close')
  if (values.day !== undefined && !/^[1-9]\d{0,15}$/.test(values.day))
    throw new UsageError(`--day is the day's number, such as 12; got "${values.day}"`)
  if (action === 'close' && values.counted === undefined) throw new UsageError('give the cash counted: plant-store day close --counted 123.45')
  const close =
    action === 'close'
      ? {
          counted: minorUnitsOf(values.counted!, '--counted'),
          ...(values.float === undefined ? {} : { nextFloat: minorUnitsOf(values.float, '--float') }),
          ...(values.day === undefined ? {} : { day: Number(values.day) })
        }
      : undefined
  return withApiClient(dataDir, env, { holder: 'a plant-store day command', use: close ? 'write' : 'read' }, async (client) => {
    if (!close) {
      const report = await client.currentDay()
      process.stdout.write(values.json ? JSON.stringify(report, null, 2) + '\n' : `${reportLines(report).join('\n')}\n`)
      return
    }
    const closed = await client.closeDay(close)
    if (values.json) process.stdout.write(JSON.stringify(closed, null, 2) + '\n')
    else
      process.stdout.write(
        `${[...reportLines(closed.report), `counted ${decimalOf(closed.counted)}  difference ${decimalOf(closed.difference)}`, `Day ${closed.day} closed; day ${closed.day + 1} started.`].join('\n')}\n`
      )
  })
}

export const dayCommand: Command = { summary: 'the day so far (X report), or close it with the cash counted (Z report)', help, run }
