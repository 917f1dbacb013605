/**
 * Sales made offline at a paired till (extension, till tokens only): the till's outbox sends them here in the order
 * they were made, many in one call, each with its Idempotency-Key and the time it was made on the till. They are
 * completed in that order as one group commit (one fsync for the call), each exactly as POST /v3/sales completes
 * one (its own receipt number, journal line contents and key), but never refused for stock: the till handed the
 * pots over already, so a line may go below zero and is flagged for a count. Each sale gets its own result, so one
 * refused for another reason (a plant deleted meanwhile) does not hold back the others. Also the OpenAPI path item.
 */
import type { H3Event } from 'h3'
import { componentsOf, validate } from '#shared/body-rules'
import {
  OFFLINE_SALES_BODY,
  OFFLINE_SALES_BODY_DEPTH,
  OFFLINE_SALES_MAX,
  OFFLINE_SALES_PATH,
  type OfflineSaleResult,
  type OfflineSalesAnswer
} from '#shared/offline-sales'
import { shopOf, type Shop } from '#server/routes/shop'
import { readJsonBody } from '#server/http/read-json-body'
import { JSON_BODY_RESPONSES, NOT_SAVED_RESPONSE, extensionOperation, json, jsonBody, problemResponse, ref } from '#server/openapi/parts'
import { problemMembers, problemOf } from '#server/problems/problem-response'
import { problem } from '#server/problems/problems'
import { actorIn } from '#server/security/actor'
import { principalOf } from '#server/security/security'
import { requireMaySell } from '#server/security/staff-actions'
import { defineOperation, defineResource } from '#server/routes/operation'
import { afterLedger } from '#server/routes/sales/resource'

async function completeOfflineSales(event: H3Event, { store, settings }: Shop): Promise<OfflineSalesAnswer> {
  const principal = principalOf(event)
  // Only a till can have sold while it could not reach us; anyone else sells through POST /v3/sales, stock checked.
  if (principal.kind !== 'till') throw problem('tillOnly', principal.name)
  const checked = validate(OFFLINE_SALES_BODY, await readJsonBody(event, 400, OFFLINE_SALES_BODY_DEPTH))
  if (!checked.ok) throw problem('saleInvalid', 'No sale was completed', checked.errors)
  const sales = checked.value.sales
  for (const { sale } of sales) requireMaySell(event, sale)
  const salesSettings = await settings.sales()
  const { by } = actorIn(event)
  // Started together, in order: each is a step of the group commit, applied in this order and saved in one write.
  const outcomes = await Promise.allSettled(
    sales.map(({ key, madeAt, sale, staff }) =>
      // The member the till says was signed in then: recorded, as no session could be checked while it was away.
      store.sales.complete({ sale, settings: salesSettings, key, madeOfflineAt: madeAt }, staff === undefined ? actorIn(event) : { by, staff })
    )
  )
  const results = outcomes.map((outcome, index): OfflineSaleResult => {
    const { key } = sales[index]!
    if (outcome.status === 'fulfilled') return { key, status: 201, ...outcome.value }
    const refused = problemOf(outcome.reason, event.req.method, event.url.pathname).problem
    return { key, status: refused.status, problem: problemMembers(refused) }
  })
  return { results }
}

const complete = extensionOperation({
  operationId: 'complete-offline-sales',
  summary: "Sales made offline at a till, sent from its outbox in order (extension; a paired till's token only)",
  description:
    `{"sales": [{"key": "8e03978e-40d5-43e8-bc93-6894a57f9324", "madeAt": "2026-11-28T09:30:00.000Z", "sale": {…as POST /sales…}}]}, ` +
    `1 to ${OFFLINE_SALES_MAX} sales, oldest first. Each is completed as POST /sales completes one (next receipt number, ` +
    'stock movements, change log), in the order sent and saved with one fsync for the call, with madeAt kept on the sale ' +
    '(madeOfflineAt). key is the Idempotency-Key without its quotes: a sale already completed with it (its answer was lost) is ' +
    'answered again (replayed: true) and sold once. A sale made offline is never refused for stock: a line may go below zero, ' +
    'and is then flagged (belowZero on the plant; GET /stock/below-zero) until counted. Each sale has its own result: one ' +
    'refused for another reason (a plant deleted meanwhile, payments short) carries the problem POST /sales would have answered.',
  requestBody: jsonBody(OFFLINE_SALES_BODY),
  responses: {
    '200': {
      description: 'One result per sale, in the order sent: status 201 with the sale, or the status and problem of its refusal.',
      content: json({
        type: 'object',
        required: ['results'],
        properties: {
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['key', 'status'],
              properties: {
                key: { type: 'string' },
                status: { type: 'integer', description: '201: completed (or answered again: replayed); otherwise the refusal.' },
                sale: ref('Sale'),
                replayed: { type: 'boolean' },
                problem: ref('Problem')
              }
            }
          }
        }
      })
    },
    '400': problemResponse('Invalid body (errors[] names each fault); no sale was completed.'),
    '403': problemResponse("Not a paired till's token: only a till sends sales made offline."),
    ...JSON_BODY_RESPONSES,
    '503': NOT_SAVED_RESPONSE
  }
})

/** A till's sales made offline, over the app's store. */
export const offlineSalesResource = defineResource({
  context: shopOf,
  schemas: componentsOf(OFFLINE_SALES_BODY),
  operations: [
    defineOperation<Shop>({
      method: 'POST',
      path: OFFLINE_SALES_PATH,
      staff: 'decided-by-body', // a till's sales made offline, as POST /sales
      body: OFFLINE_SALES_BODY,
      openapi: complete,
      handler: afterLedger(completeOfflineSales)
    })
  ]
})
