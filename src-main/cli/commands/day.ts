/** `plant-store day`: the X report of the day being traded, a closed day's Z report, and the close with the cash counted. */
import type { ApiClient } from '#shared/api-client'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { withApiClient } from '#cli/api-command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { minorUnitsOf, shopWordsOf } from '#cli/output/money-output'
import { closedDayLines, reportLines, zReportLines } from '#cli/output/sales-output'

const help = `Usage: plant-store day show [--day N] [--json]
       plant-store day close --counted AMOUNT [--float AMOUNT] [--day N] [--json]

show prints the day being traded so far (the X report), or with --day N a day closed before
(its Z report: who closed it and when, the cash counted and the difference). close closes
the day being traded with the cash counted in the drawer (the Z report: numbered, the
difference against the cash expected) and starts the next day. Amounts are in the shop's
currency. Works through the running server (or the data folder itself).

Options:
  --counted AMOUNT  (close) the cash counted, e.g. 123.45
  --float AMOUNT    (close) cash left in the drawer for tomorrow (0 when left out)
  --day N           (show) the day numbered N: a closed day's Z report, or the X report when
                    N is the day being traded (exit 3 for a day not started yet);
                    (close) close day N only: refused (exit 4) when it is closed already,
                    so a close run twice closes one day, not an empty one after it
  --json            print the report as the API answers it (amounts in minor units)
${dataOptionHelp()}
  -h, --help        show this help

Exit codes: 0 done, 1 failed, 2 usage error, 3 no Plant Store data in the folder, or (show --day)
no such day yet, 4 day N closed already, 6 the token may not close the day (read-only).
`

const printJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
const printLines = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`)

/**
 * Day `number` (the day being traded when absent): the X report while it is traded, its Z report once closed. The
 * day being traded is read first, so a day closed meanwhile is found closed rather than "not started".
 */
async function show(client: ApiClient, number: number | undefined, json: boolean | undefined): Promise<void> {
  const current = await client.currentDay()
  if (number === undefined || number === current.day) {
    if (json) printJson(current)
    else printLines(reportLines(current, await shopWordsOf(client)))
    return
  }
  if (number > current.day)
    throw new CommandError(`day ${number} has not started: the day being traded is day ${current.day} (plant-store day show)`, EXIT_CODES.notFound)
  const closed = await client.getDay(number)
  if (json) printJson(closed)
  else printLines(closedDayLines(closed, await shopWordsOf(client)))
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const options = { counted: { type: 'string' }, float: { type: 'string' }, day: { type: 'string' }, json: { type: 'boolean' } } as const
  const { values, positionals, dataDir } = readOptions(args, env, options, true)
  const [action, ...extra] = positionals
  if ((action !== 'show' && action !== 'close') || extra.length > 0) throw new UsageError('say what to do: plant-store day show|close; see --help')
  if (action === 'show' && (values.counted !== undefined || values.float !== undefined))
    throw new UsageError('--counted and --float go with day close')
  if (values.day !== undefined && !/^[1-9]\d{0,15}$/.test(values.day))
    throw new UsageError(`--day is the day's number, such as 12; got "${values.day}"`)
  const day = values.day === undefined ? undefined : Number(values.day)
  if (action === 'close' && values.counted === undefined) throw new UsageError('give the cash counted: plant-store day close --counted 123.45')
  const close =
    action === 'close'
      ? {
          counted: minorUnitsOf(values.counted!, '--counted'),
          ...(values.float === undefined ? {} : { nextFloat: minorUnitsOf(values.float, '--float') }),
          ...(day === undefined ? {} : { day })
        }
      : undefined
  return withApiClient(dataDir, env, { holder: 'a plant-store day command', use: close ? 'write' : 'read' }, async (client) => {
    if (!close) return show(client, day, values.json)
    const closed = await client.closeDay(close)
    if (values.json) printJson(closed)
    else printLines([...zReportLines(closed, await shopWordsOf(client)), `Day ${closed.day} closed; day ${closed.day + 1} started.`])
  })
}

export const dayCommand: Command = {
  summary: 'the day so far (X report), a closed day (--day N), or close it with the cash counted (Z report)',
  help,
  run
}
