/**
 * GET and PUT /v3/settings/shop (extension): the currency prices are in, the
 * locale they are formatted in and the time zone that decides the shop's day.
 * Anyone may read it; only the owner's token may change it.
 */
import type { H3, H3Event } from 'h3'
import type { PlantStore } from '#store'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { changeSettings } from '#settings/settings'
import { readShopSettings } from '#settings/shop-settings'
import { componentsOf, validate } from '#shared/body-rules'
import { SHOP_SETTINGS_BODY } from '#shared/shop'
import { readJsonBody } from '#server/http/read-json-body'
import { routePattern } from '#server/urls'
import { requireOwner } from '#server/security/security'
import { JSON_BODY_RESPONSES, extensionOperation, json, jsonBody, ownerOnlyResponse, problemResponse, type PathItems } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'

async function setShopSettings(event: H3Event, dataDir: string) {
  requireOwner(event, "change the shop's settings")
  const checked = validate(SHOP_SETTINGS_BODY, await readJsonBody(event, 400))
  if (!checked.ok) throw problem('shopNotChanged', checked.errors)
  await changeSettings(dataDir, (settings) => Object.assign(settings, checked.value))
  return readShopSettings(dataDir)
}

/** Registers GET and PUT /v3/settings/shop over the data folder of `store`. */
export function registerSettingsRoutes(app: H3, store: PlantStore): void {
  app.get(routePattern(EXTENSION_PATHS.shopSettings), () => readShopSettings(store.dir))
  app.put(routePattern(EXTENSION_PATHS.shopSettings), (event) => setShopSettings(event, store.dir))
}

const shop = {
  type: 'object',
  required: ['currency', 'locale', 'timeZone'],
  properties: {
    currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: "ISO 4217 code; by default the currency of the region the computer's locale names (de-DE → EUR), EUR when it names none."
    },
    locale: { type: 'string', description: "The computer's locale (BCP 47), to format prices with Intl.NumberFormat." },
    timeZone: {
      type: 'string',
      description: "The shop's IANA time zone (by default the computer's): sales are counted per day there, and files are named by its date."
    }
  }
}

/** The settings' paths. */
export const settingsPaths: PathItems = {
  [EXTENSION_PATHS.shopSettings]: {
    get: extensionOperation({
      operationId: 'get-shop-settings',
      summary: "The shop's currency, locale and time zone (extension)",
      responses: { '200': { description: 'The shop setting.', content: json(shop) } }
    }),
    put: extensionOperation({
      operationId: 'set-shop-settings',
      summary: "Change the shop's currency or time zone (extension; owner only)",
      description: 'The fields given are changed, the others stay; at least one must be given.',
      requestBody: jsonBody(SHOP_SETTINGS_BODY),
      responses: {
        '200': { description: 'The shop setting as it is now.', content: json(shop) },
        '400': problemResponse(
          "Not an ISO 4217 code this server knows (Intl.supportedValuesOf('currency')), not an IANA time zone as Intl spells it, " +
            'an unknown field, or an empty body (it names nothing to change).'
        ),
        '403': ownerOnlyResponse("Only the owner's token may change the shop's settings (a named token gets 403)."),
        ...JSON_BODY_RESPONSES
      }
    })
  }
}

/** The body that changes the shop setting. */
export const settingsSchemas = componentsOf(SHOP_SETTINGS_BODY)
