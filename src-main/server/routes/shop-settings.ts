/**
 * GET and PUT /v3/settings/shop (extension, issue 15): the currency prices
 * are in and the locale they are formatted in. Anyone may read it; only the
 * owner's token may change it.
 */
import type { H3, H3Event } from 'h3'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { writeSetting } from '#settings/settings'
import { currencyProblem, readShopSettings } from '#settings/shop-settings'
import type { PlantStore } from '#store'
import { routePattern } from '#server/urls'
import { principalOf } from '#server/security/security'
import { readJsonBody } from '#server/http/read-json-body'
import { problem } from '#server/problems/problems'

async function setShopSettings(event: H3Event, dataDir: string) {
  const principal = principalOf(event)
  if (principal.scope !== 'owner') throw problem('shopOwnerOnly', principal.name)
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
export function registerShopSettingsRoutes(app: H3, store: PlantStore): void {
  app.get(routePattern(EXTENSION_PATHS.shopSettings), () => readShopSettings(store.dir))
  app.put(routePattern(EXTENSION_PATHS.shopSettings), (event) => setShopSettings(event, store.dir))
}
