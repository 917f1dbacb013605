/** Rows of the problem table for the shop setting. */
import { fieldErrorsRow } from '#server/problems/problem-row'

export const SETTINGS_PROBLEMS = {
  shopNotChanged: fieldErrorsRow('The shop setting was not changed', { withFields: true }),
  salesSettingsNotChanged: fieldErrorsRow('The sales settings were not changed', { withFields: true })
}
