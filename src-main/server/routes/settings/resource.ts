/**
 * GET and PUT /v3/settings/shop (extension): the currency prices are in, the
 * locale they, dates and times are written in and the time zone that decides the shop's day;
 * GET and PUT /v3/settings/sales: prices with or without tax, the tax rates, a
 * receipt's head. Anyone may read them; only the owner's token may change them.
 */
import type { H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import type { SettingsOwner } from '#settings/settings-owner'
import { SALES_SETTINGS_BODY, SALES_SETTINGS_BODY_DEPTH, unknownRateProblems } from '#shared/tax'
import { componentsOf, validate } from '#shared/body-rules'
import { SHOP_SETTINGS_BODY } from '#shared/shop'
import { readJsonBody } from '#server/http/read-json-body'
import { defineOperation, defineResource } from '#server/routes/operation'
import { requireOwner } from '#server/security/security'
import { JSON_BODY_RESPONSES, extensionOperation, json, jsonBody, ownerOnlyResponse, problemResponse, ref } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'

async function setShopSettings(event: H3Event, settings: SettingsOwner) {
  requireOwner(event, "change the shop's settings")
  const checked = validate(SHOP_SETTINGS_BODY, await readJsonBody(event, 400, undefined, 'The shop setting was not changed'))
  if (!checked.ok) throw problem('shopNotChanged', checked.errors)
  await settings.change((stored) => Object.assign(stored, checked.value))
  return settings.shop()
}

async function setSalesSettings(event: H3Event, settings: SettingsOwner) {
  requireOwner(event, 'change the tax rates and the receipt settings')
  const checked = validate(SALES_SETTINGS_BODY, await readJsonBody(event, 400, SALES_SETTINGS_BODY_DEPTH, 'The sales settings were not changed'))
  if (!checked.ok) throw problem('salesSettingsNotChanged', checked.errors)
  const unknown = unknownRateProblems(checked.value)
  if (unknown.length > 0) throw problem('salesSettingsNotChanged', unknown)
  await settings.change((stored) => {
    stored.sales = checked.value
  })
  return settings.sales()
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
    locale: {
      type: 'string',
      description:
        "The shop's locale (BCP 47): prices, dates and times are written its way (Intl.NumberFormat, Intl.DateTimeFormat) in the UI, " +
        "on receipts and X/Z pages; the computer's until set."
    },
    timeZone: {
      type: 'string',
      description: "The shop's IANA time zone (by default the computer's): sales are counted per day there, and files are named by its date."
    }
  }
}

const getShopSettingsDoc = extensionOperation({
  operationId: 'get-shop-settings',
  summary: "The shop's currency, locale and time zone (extension)",
  responses: { '200': { description: 'The shop setting.', content: json(shop) } }
})

const setShopSettingsDoc = extensionOperation({
  operationId: 'set-shop-settings',
  summary: "Change the shop's currency, time zone or locale (extension; owner only)",
  description: 'The fields given are changed, the others stay; at least one must be given.',
  requestBody: jsonBody(SHOP_SETTINGS_BODY),
  responses: {
    '200': { description: 'The shop setting as it is now.', content: json(shop) },
    '400': problemResponse(
      "Not an ISO 4217 code this server knows (Intl.supportedValuesOf('currency')), not an IANA time zone as Intl spells it, " +
        'not one of the shop locales in its canonical spelling (en-GB, not en-gb), ' +
        'an unknown field, or an empty body (it names nothing to change).'
    ),
    '403': ownerOnlyResponse("Only the owner's token may change the shop's settings (a named token gets 403)."),
    ...JSON_BODY_RESPONSES
  }
})

const getSalesSettingsDoc = extensionOperation({
  operationId: 'get-sales-settings',
  summary: 'Prices with or without tax, the tax rates, which rate a category takes, the head of a receipt (extension)',
  responses: {
    '200': { description: 'The sales settings (prices include tax and no rates when never set).', content: json(ref('SalesSettings')) }
  }
})

const setSalesSettingsDoc = extensionOperation({
  operationId: 'set-sales-settings',
  summary: 'Replace the sales settings (extension; owner only)',
  description:
    'A plant is taxed at the rate of its category (categoryTaxRates), else defaultTaxRate, else not at all. Tax is rounded per sale line, ' +
    'half away from zero, in minor units (docs/api.md, Sales).',
  requestBody: jsonBody(SALES_SETTINGS_BODY),
  responses: {
    '200': { description: 'The sales settings as they are now.', content: json(ref('SalesSettings')) },
    '400': problemResponse(
      'An invalid field (a line of shopAddress or receiptFooter is named by its number), an unknown field, a rate id used twice, ' +
        'or a rate id that names none of taxRates; errors[] names each.'
    ),
    '403': ownerOnlyResponse("Only the owner's token may change the sales settings (a named token gets 403)."),
    ...JSON_BODY_RESPONSES
  }
})

/** The shop's and the sales settings, over the app's settings (held by their one owner). */
export const settingsResource = defineResource({
  context: ({ settings }: { settings: SettingsOwner }) => settings,
  schemas: componentsOf(SHOP_SETTINGS_BODY, SALES_SETTINGS_BODY),
  operations: [
    defineOperation<SettingsOwner>({
      method: 'GET',
      path: EXTENSION_PATHS.shopSettings,
      openapi: getShopSettingsDoc,
      handler: (_event, settings) => settings.shop()
    }),
    defineOperation<SettingsOwner>({
      method: 'PUT',
      path: EXTENSION_PATHS.shopSettings,
      staff: 'settings',
      body: SHOP_SETTINGS_BODY,
      openapi: setShopSettingsDoc,
      handler: (event, settings) => setShopSettings(event, settings)
    }),
    defineOperation<SettingsOwner>({
      method: 'GET',
      path: EXTENSION_PATHS.salesSettings,
      openapi: getSalesSettingsDoc,
      handler: (_event, settings) => settings.sales()
    }),
    defineOperation<SettingsOwner>({
      method: 'PUT',
      path: EXTENSION_PATHS.salesSettings,
      staff: 'settings',
      body: SALES_SETTINGS_BODY,
      openapi: setSalesSettingsDoc,
      handler: (event, settings) => setSalesSettings(event, settings)
    })
  ]
})
