/**
 * The till windows' open baskets (extension): GET, PUT and DELETE /v3/baskets/{basketId}, one basket per till window,
 * kept in the data folder (store/sales/basket-files.ts) so it survives a reload and a restart. A basket is a draft:
 * the sale it becomes is POST /v3/sales. Each operation is declared with its OpenAPI object.
 */
import type { H3, H3Event } from 'h3'
import { BASKET_BODY, BASKET_BODY_DEPTH, BASKET_ID, BASKET_PATHS, type Basket } from '#shared/basket'
import { componentsOf, validate } from '#shared/body-rules'
import { deleteBasket, readBasket, writeBasket } from '#store'
import { readJsonBody } from '#server/http/read-json-body'
import { JSON_BODY_RESPONSES, extensionOperation, json, jsonBody, problemResponse, ref } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { defineOperation, defineResource, registerResource } from '#server/routes/operation'

/** The path's `{basketId}`; 400 when it is not letters, digits and dashes (it names a file). */
function basketIdOf(event: H3Event): string {
  const id = event.context.params?.basketId ?? ''
  if (BASKET_ID.test(id)) return id
  throw problem('basketInvalid', [
    { field: 'basketId', message: `a basket id is 1 to 64 letters, digits or dashes, such as a UUID; got "${id.slice(0, 20)}"` }
  ])
}

async function getBasket(event: H3Event, dir: string): Promise<Basket> {
  const id = basketIdOf(event)
  const basket = await readBasket(dir, id)
  if (!basket) throw problem('basketNotFound', id)
  return basket
}

async function putBasket(event: H3Event, dir: string): Promise<Basket> {
  const id = basketIdOf(event)
  const checked = validate(BASKET_BODY, await readJsonBody(event, 400, BASKET_BODY_DEPTH))
  if (!checked.ok) throw problem('basketInvalid', checked.errors)
  await writeBasket(dir, id, checked.value)
  return checked.value
}

async function removeBasket(event: H3Event, dir: string): Promise<null> {
  const id = basketIdOf(event)
  if (!(await deleteBasket(dir, id))) throw problem('basketNotFound', id)
  event.res.status = 204
  return null
}

const BASKET_ID_PARAMETER = {
  name: 'basketId',
  in: 'path',
  required: true,
  description: "The till window's basket id (letters, digits and dashes, e.g. a UUID the window made).",
  schema: { type: 'string', pattern: BASKET_ID.source }
}
const BAD_ID = problemResponse('The basket id is not letters, digits and dashes.')
const NOT_FOUND = problemResponse('No basket is kept under this id.')

const getBasketDoc = extensionOperation({
  operationId: 'get-basket',
  summary: "A till window's open basket (extension)",
  parameters: [BASKET_ID_PARAMETER],
  responses: { '200': { description: 'The basket as last kept.', content: json(ref('Basket')) }, '400': BAD_ID, '404': NOT_FOUND }
})

const putBasketDoc = extensionOperation({
  operationId: 'put-basket',
  summary: "Keep a till window's open basket, replacing the one before (extension; read-write tokens)",
  description:
    'The lines as scanned (name, price and category, so the till prices them at once), any discounts, and the Idempotency-Key its sale will send.',
  parameters: [BASKET_ID_PARAMETER],
  requestBody: jsonBody(BASKET_BODY),
  responses: {
    '200': { description: 'The basket kept.', content: json(ref('Basket')) },
    '400': problemResponse('Invalid body or basket id; errors[] names each fault.'),
    ...JSON_BODY_RESPONSES
  }
})

const deleteBasketDoc = extensionOperation({
  operationId: 'delete-basket',
  summary: "Forget a till window's basket: sold, or emptied (extension; read-write tokens)",
  parameters: [BASKET_ID_PARAMETER],
  responses: { '204': { description: 'Forgotten.' }, '400': BAD_ID, '404': NOT_FOUND }
})

/** The baskets of a data folder's till windows: the main computer's, or a paired till's own (a till window's basket is the till's, kept while the main computer is away). */
export const basketsResource = defineResource({
  context: ({ store }: { store: { dir: string } }) => store.dir,
  schemas: componentsOf(BASKET_BODY),
  operations: [
    defineOperation<string>({
      method: 'GET',
      path: BASKET_PATHS.basket,
      head: 'listed',
      openapi: getBasketDoc,
      handler: (event, dir) => getBasket(event, dir)
    }),
    defineOperation<string>({
      method: 'PUT',
      path: BASKET_PATHS.basket,
      staff: 'sell',
      body: BASKET_BODY,
      openapi: putBasketDoc,
      handler: (event, dir) => putBasket(event, dir)
    }),
    defineOperation<string>({
      method: 'DELETE',
      path: BASKET_PATHS.basket,
      staff: 'sell',
      openapi: deleteBasketDoc,
      handler: (event, dir) => removeBasket(event, dir)
    })
  ]
})

/** Registers the basket routes over the baskets of data folder `dir` (a paired till's app registers its own). */
export function registerBasketRoutes(app: H3, dir: string): void {
  registerResource(app, basketsResource, { store: { dir } })
}
