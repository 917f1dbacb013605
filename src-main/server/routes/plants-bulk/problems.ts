/** Rows of the problem table for bulk changes (the plants they name but cannot change are plants.ts's rows). */
import { fieldErrorsRow } from '#server/problems/problem-row'

export const BULK_PROBLEMS = {
  bulkNotChanged: fieldErrorsRow('Nothing was changed', { withFields: true })
}
