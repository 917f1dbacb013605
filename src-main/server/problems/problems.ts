/**
 * Every problem the API answers with, in one table: its type (a stable URN a
 * script can switch on), title, status and the words of its detail. The rows
 * live by resource, in its folder (routes/<resource>/problems.ts), and beside
 * this file for what any route meets (common.ts, access.ts); routes pick a row
 * by name with {@link problem}, and no route writes a problem inline.
 */
import type { FieldError } from '#shared/problem'
import { ACCESS_PROBLEMS } from './access'
import { BACKUP_PROBLEMS } from '#server/routes/backup/problems'
import { COMMON_PROBLEMS } from './common'
import { EVENT_PROBLEMS } from '#server/routes/events/problems'
import { HISTORY_PROBLEMS } from '#server/routes/history/problems'
import { HttpProblem } from './http-problem'
import { LAN_PROBLEMS } from '#server/routes/lan/problems'
import type { ProblemRow } from './problem-row'
import { PLANT_PROBLEMS, allowPlantMethods } from '#server/routes/plants/problems'
import { BULK_PROBLEMS } from '#server/routes/plants-bulk/problems'
import { SALE_PROBLEMS } from '#server/routes/sales/problems'
import { BASKET_PROBLEMS } from '#server/routes/baskets/problems'
import { SETTINGS_PROBLEMS } from '#server/routes/settings/problems'
import { SETUP_PROBLEMS } from '#server/routes/setup/problems'
import { STAFF_PROBLEMS } from '#server/routes/staff/problems'
import { STOCK_PROBLEMS } from '#server/routes/stock/problems'
import { TOKEN_PROBLEMS } from '#server/routes/tokens/problems'
import { TRANSFER_PROBLEMS } from '#server/routes/transfer/problems'
import { UI_PROBLEMS } from '#server/routes/ui/problems'

export const PROBLEMS = {
  ...COMMON_PROBLEMS,
  ...ACCESS_PROBLEMS,
  ...PLANT_PROBLEMS,
  ...BULK_PROBLEMS,
  ...STOCK_PROBLEMS,
  ...SALE_PROBLEMS,
  ...BASKET_PROBLEMS,
  ...EVENT_PROBLEMS,
  ...HISTORY_PROBLEMS,
  ...TRANSFER_PROBLEMS,
  ...TOKEN_PROBLEMS,
  ...STAFF_PROBLEMS,
  ...BACKUP_PROBLEMS,
  ...SETTINGS_PROBLEMS,
  ...UI_PROBLEMS,
  ...LAN_PROBLEMS,
  ...SETUP_PROBLEMS
}

export type ProblemName = keyof typeof PROBLEMS
export type ProblemFacts<N extends ProblemName> = Parameters<(typeof PROBLEMS)[N]['detail']>

/** The problem of row `name`, its detail worded from `facts`. */
export function problem<N extends ProblemName>(name: N, ...facts: ProblemFacts<N>): HttpProblem {
  const definition = PROBLEMS[name] as ProblemRow<ProblemFacts<N>>
  const errors = definition.errors?.(...facts)
  return new HttpProblem(
    {
      type: definition.type,
      title: definition.title,
      status: definition.status,
      detail: definition.detail(...facts),
      ...(errors === undefined ? {} : { errors }),
      ...definition.members?.(...facts)
    },
    definition.headers?.(...facts)
  )
}

/**
 * A body that could not be read as a plant: `status` is the operation's code
 * for invalid input (405 for add-plant, as the contract says; 400 otherwise).
 */
export function invalidInput(status: number, detail: string, errors: FieldError[]): HttpProblem {
  const answer = problem('invalidBody', detail, errors)
  return status === 405 ? answer.with({ status, headers: allowPlantMethods() }) : answer.with({ status })
}
