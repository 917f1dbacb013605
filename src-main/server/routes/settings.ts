/**
 * GET and PUT /v3/settings/shop (extension): the currency prices are in and
 * the locale they are formatted in. Anyone may read it; only the owner's
 * token may change it.
 */
import type { H3, H3Event } from 'h3'
import type { PlantStore } from '#store'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { writeSetting } from '#settings/settings'
import { currencyProblem, readShopSettings } from '#settings/shop-settings'
import { readJsonBody } from '#server/http/read-json-body'
import { routePattern } from '#server/urls'
import { requireOwner } from '#server/security/security'
import { JSON_BODY_RESPONSES, extensionOperation, json, ownerOnlyResponse, problemResponse, type PathItems } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'

async function setShopSettings(event: H3Event, dataDir: string) {
  requireOwner(event, "change the shop's currency")
  const body = await readJsonBody(event, 400)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw problem('shopNotChanged', [{ field: '', message: 'the body must be a JSON object such as {"currency": "GBP"}' }])
  }
  const unknown = Object.keys(body).filter((key) => key !== 'currency')
  const errors = unknown.map((field) => ({ field, message: `unknown field "${field}"; the only field is currency (the locale is the computer's)` }))
  const fault = currencyProblem((body as { currency?: unknown }).currency)
  if (fault !== undefined) errors.push({ field: 'currency', message: fault })
  if (errors.length > 0) throw problem('shopNotChanged', errors)
  await writeSetting(dataDir, 'currency', (body as { currency: string }).currency)
  return readShopSettings(dataDir)
}

/** Registers GET and PUT /v3/settings/shop over the data folder of `store`. */
export function registerSettingsRoutes(app: H3, store: PlantStore): void {
  app.get(routePattern(EXTENSION_PATHS.shopSettings), () => readShopSettings(store.dir))
  app.put(routePattern(EXTENSION_PATHS.shopSettings), (event) => setShopSettings(event, store.dir))
}

const shop = {
  type: 'object',
  required: ['currency', 'locale'],
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$', description: "ISO 4217 code; by default the currency of the computer's locale." },
    locale: { type: 'string', description: "The computer's locale (BCP 47), to format prices with Intl.NumberFormat." }
  }
}

/** The settings' paths. */
export const settingsPaths: PathItems = {
  [EXTENSION_PATHS.shopSettings]: {
    get: extensionOperation({
      operationId: 'get-shop-settings',
      summary: "The shop's currency and locale (extension)",
      responses: { '200': { description: 'The shop setting.', content: json(shop) } }
    }),
    put: extensionOperation({
      operationId: 'set-shop-settings',
      summary: "Change the shop's currency (extension; owner only)",
      requestBody: {
        required: true,
        content: json({ type: 'object', required: ['currency'], additionalProperties: false, properties: { currency: { type: 'string' } } })
      },
      responses: {
        '200': { description: 'The shop setting as it is now.', content: json(shop) },
        '400': problemResponse("Not an ISO 4217 code this server knows (Intl.supportedValuesOf('currency')), or an unknown field."),
        '403': ownerOnlyResponse("Only the owner's token may change the currency (a named token gets 403)."),
        ...JSON_BODY_RESPONSES
      }
    })
  }
}
