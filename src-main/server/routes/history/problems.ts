/** Rows of the problem table for the change log. */
import { API_BASE, EXTENSION_PATHS } from '#shared/api-paths'
import { HISTORY_PATHS } from '#shared/history'
import { PROBLEM_TYPES } from '#shared/problem'
import { row } from '#server/problems/problem-row'

export const HISTORY_PROBLEMS = {
  historyGone: row({
    type: PROBLEM_TYPES.historyGone,
    title: 'Changes no longer kept',
    status: 410,
    detail: (since: number, oldestSeq: number) =>
      `The change log no longer leads on from seq ${since}: it starts at seq ${oldestSeq} (changes were set aside, or a backup was restored since). ` +
      `Reload what you keep from ${API_BASE}${EXTENSION_PATHS.plants}, then follow ${API_BASE}${HISTORY_PATHS.changes}?since=${oldestSeq - 1}.`,
    members: (_since, oldestSeq) => ({ oldestSeq })
  })
}
