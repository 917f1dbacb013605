/**
 * Money on the command line: typed amounts (`123.45`) read into minor units without floats, and amounts shown back
 * in the shop's currency and locale (`£0.79`, `0,79 €`), as receipts and the staff UI show them: a bare `0.79`
 * leaves a person to guess the currency.
 */
import { ApiError, type ApiClient } from '#shared/api-client'
import { asCents, formatCents, formatMoney, type ShopMoney } from '#shared/money'
import { PROBLEM_TYPES } from '#shared/problem'
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

/**
 * The shop's money for a plant listing, or undefined when settings.json is damaged: the catalogue goes on working
 * without its settings (docs/scripts.md), so its prices are shown bare, with a line on stderr saying why and the repair.
 */
export async function plantMoneyOf(client: Pick<ApiClient, 'shopSettings'>): Promise<ShopMoney | undefined> {
  try {
    return await shopWordsOf(client)
  } catch (error) {
    if (!(error instanceof ApiError && error.type === PROBLEM_TYPES.fileDamaged)) throw error
    process.stderr.write(`plant-store: prices are shown without their currency: ${error.detail}\n`)
    return undefined
  }
}

/** A plant's price in the shop's money (`£3.99`); bare (`3.99`) when the shop's currency cannot be read; '' for none. */
export function priceOf(price: number | undefined, money: ShopMoney | undefined): string {
  if (money === undefined) return price?.toFixed(2) ?? ''
  return formatMoney(price, money)
}
