/**
 * Saving the sales settings from Settings → Shop & VAT: checked first with the server's own rule, then saved through
 * the shop store; every refusal in the form's words, each field error naming what the owner sees on the form
 * ("Receipt footer", "the rate “Plants 5%”") instead of the field's name in the body.
 */
import { ApiError } from '#shared/api-errors'
import { validate } from '#shared/body-rules'
import type { FieldError } from '#shared/problem'
import { SALES_SETTINGS_BODY, type SalesSettings } from '#shared/tax'
import { failureText } from '#renderer/format'
import type { SettingSave } from '#renderer/composables/useSettingSave'
import { useShopStore } from '#renderer/stores/shop'

const FIELD_WORDS: Record<string, string> = {
  shopName: 'Shop name',
  shopAddress: 'Shop address',
  vatNumber: 'VAT number',
  receiptFooter: 'Receipt footer',
  pricesIncludeTax: 'Prices',
  defaultTaxRate: 'Default rate'
}

const RATE_FIELD = /^taxRates\[(\d+)\](?:\.(\w+))?$/

/** The words for one field error, against the settings that were sent. */
export function salesFieldWords(error: FieldError, sent: SalesSettings): string {
  const rate = RATE_FIELD.exec(error.field)
  if (rate) {
    const name = sent.taxRates[Number(rate[1])]?.name
    const what = rate[2] === 'percent' ? 'percent' : 'name'
    const message = error.message.replace(/^(name|percent|taxRates\[\d+\]\.\w+)\s+/, '')
    return `The rate ${name ? `“${name}”` : Number(rate[1]) + 1}: its ${what} ${message}`
  }
  if (error.field.startsWith('categoryTaxRates.')) return `The rate of ${error.field.slice('categoryTaxRates.'.length)}: ${error.message}`
  const words = FIELD_WORDS[error.field]
  if (words === undefined) return error.message
  return `${words}: ${error.message.startsWith(error.field) ? error.message.slice(error.field.length).trim() : error.message}`
}

/** Why a save of `sent` failed, in words: each field named as the form names it, else the failure's own words. */
export function salesFailureWords(failure: unknown, sent: SalesSettings): string {
  if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0)
    return failure.errors.map((error) => salesFieldWords(error, sent)).join('. ')
  return failureText(failure)
}

/** Why `wanted` would be refused, checked here with the server's own rule before anything is sent; undefined when it would not. */
export function salesRefusal(wanted: SalesSettings): string | undefined {
  const checked = validate(SALES_SETTINGS_BODY, wanted)
  return checked.ok ? undefined : `Not saved: ${checked.errors.map((problem) => salesFieldWords(problem, wanted)).join('. ')}.`
}

/** Saves `wanted` with `form`: refused here first, in the form's words, else saved; `saved()` then, before the toast. */
export async function saveSales(form: SettingSave, wanted: SalesSettings, success: () => string, saved: () => void): Promise<void> {
  form.error.value = salesRefusal(wanted) ?? ''
  if (form.error.value !== '') return
  await form.save(
    async () => {
      await useShopStore().setSales(wanted)
      saved()
    },
    success,
    (failure) => `Not saved: ${salesFailureWords(failure, wanted)}`
  )
}
