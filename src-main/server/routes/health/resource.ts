/**
 * GET /v3/health (extension): whether the catalogue's files are all
 * in use. A damaged history file (or damaged lines inside one) never stops the catalogue: it is kept aside
 * under another name and listed here (and in the server log), for the UI's
 * banner and for scripts. Reading the health looks at the history files
 * once (the same reading the first history query does). `restored` tells
 * the pages open on the catalogue that a backup was put back (when, from a
 * backup of when, by what), so they can say so after they reload.
 */
import { principalOf } from '#server/security/security'
import { HISTORY_PATHS, type Health, type HealthProblem } from '#shared/history'
import { readLastRestore, type ShopStore } from '#store'
import { extensionOperation, json } from '#server/openapi/parts'
import { defineOperation, defineResource } from '#server/routes/operation'

async function healthOf(store: ShopStore, scope: Health['scope']): Promise<Health> {
  await store.history.oldestSeq() // reads the history files' index once, which sets aside a damaged file
  const problems = store.history.damaged.map(({ lines, ...damaged }): HealthProblem =>
    lines === undefined ? { kind: 'history-file-damaged', ...damaged } : { kind: 'history-lines-damaged', ...damaged, lines }
  )
  const failing = store.writeFailure
  if (failing) {
    problems.unshift({
      kind: 'writes-failing',
      since: failing.at,
      problem: `Nothing can be saved now: ${failing.why}. Sales, refunds and changes are refused until a write succeeds; the catalogue can still be read.`
    })
  }
  const restored = await readLastRestore(store.dir)
  return { status: problems.length === 0 ? 'ok' : 'degraded', problems, scope, ...(restored ? { restored } : {}) }
}

const healthDoc = extensionOperation({
  operationId: 'health',
  summary: 'Whether the catalogue can be written and its files are all in use (extension)',
  description:
    'Not part of the contract. writes-failing: the last write did not reach the disk (a full disk, a drive gone ' +
    'read-only), so no sale, refund or change can be saved until one does; it clears by itself with the next write that ' +
    'succeeds. A damaged history file never stops the catalogue: it is renamed aside (keptAs) and ' +
    'listed here with what is wrong (history-file-damaged); damaged lines inside one (each line carries a checksum) ' +
    'are moved into keptAs and the rest of the file serves on (history-lines-damaged). Either way status is degraded; ' +
    'the catalogue and the rest of the history serve on. ' +
    'Once a backup was restored, `restored` says when, from a backup made when, and by what (`cli`: plant-store restore; ' +
    '`app`: the desktop app), with `seq`, the first seq of the restored catalogue: a page that knew another one reloads and says so. ' +
    '`scope` is what the token of this request may do (`owner`, `read-write` or `read-only`): the staff UI opened with a ' +
    'read-only token shows its write controls disabled, with a notice.',
  responses: {
    '200': {
      description: 'The health.',
      content: json({
        type: 'object',
        required: ['status', 'problems'],
        properties: {
          status: { type: 'string', enum: ['ok', 'degraded'] },
          scope: { type: 'string', enum: ['owner', 'read-write', 'read-only'], description: 'What the token of this request may do.' },
          problems: {
            type: 'array',
            items: {
              type: 'object',
              required: ['kind', 'problem'],
              properties: {
                kind: { type: 'string', enum: ['writes-failing', 'history-file-damaged', 'history-lines-damaged'] },
                problem: { type: 'string', description: 'What is wrong and what it means, in words.' },
                since: { type: 'string', format: 'date-time', description: 'writes-failing: when the first failed write happened.' },
                file: { type: 'string', description: 'history-file-damaged, history-lines-damaged: the damaged file.' },
                keptAs: { type: 'string', description: 'history-file-damaged, history-lines-damaged: where it was set aside.' },
                lines: { type: 'integer', description: 'history-lines-damaged: how many damaged lines were set aside.' }
              }
            }
          },
          restored: {
            type: 'object',
            required: ['seq', 'at', 'backupMadeAt', 'by'],
            properties: {
              seq: { type: 'integer', minimum: 1 },
              at: { type: 'string', format: 'date-time' },
              backupMadeAt: { type: 'string', format: 'date-time' },
              by: { type: 'string', enum: ['cli', 'app'] },
              user: { type: 'string', description: 'The computer account that ran the restore, when known.' }
            }
          }
        }
      })
    }
  }
})

/** GET /v3/health over the app's store. */
export const healthResource = defineResource({
  context: ({ store }: { store: ShopStore }) => store,
  operations: [
    defineOperation<ShopStore>({
      method: 'GET',
      path: HISTORY_PATHS.health,
      openapi: healthDoc,
      handler: (event, store) => healthOf(store, principalOf(event).scope) // the asking token's scope: a read-only screen offers no changes
    })
  ]
})
