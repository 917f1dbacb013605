/**
 * Money on the command line: typed amounts (`123.45`) read into minor units without floats, and amounts shown back
 * in the shop's currency and locale (`£0.79`, `0,79 €`), as receipts and the staff UI show them: a bare `0.79`
 * leaves a person to guess the currency.
 */
import type { ApiClient } from '#shared/api-client'
import { asCents, formatCents, type ShopMoney } from '#shared/money'
import { UsageError } from '#cli/command'

/** `text` (`123.45`, `12`, `0.5`) as minor units; UsageError naming `option` otherwise. */
export function minorUnitsOf(text: string, option: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) throw new UsageError(`${option} must be an amount such as 123.45 (at most two decimals); got "${text}"`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The shop's money and clock as the server has them (GET /v3/settings/shop): what every amount and time is shown in. */
export interface ShopWords extends ShopMoney {
  timeZone: string
}

/** The shop's currency, locale and time zone, read once per command from the catalogue the command reached. */
export async function shopWordsOf(client: Pick<ApiClient, 'shopSettings'>): Promise<ShopWords> {
  const { currency, locale, timeZone } = await client.shopSettings()
  return { currency, locale, timeZone }
}

/** Minor units as money in the shop's currency and locale: 1250 → `£12.50`, -87 → `-£0.87`. */
export function moneyOf(minor: number, money: ShopMoney): string {
  return formatCents(asCents(minor), money)
}
