/**
 * The sales settings as `plant-store config` keys: the receipt's words (shopName, shopAddress, vatNumber,
 * receiptFooter), pricesIncludeTax, and the VAT rates (taxRate, defaultTaxRate, categoryTaxRate). Each change is
 * made to the settings as read under the settings file's lock, then checked whole by the rule PUT /v3/settings/sales
 * checks with, so the command can never store what the server would refuse.
 */
import { validate } from '#shared/body-rules'
import { SALES_SETTINGS_BODY, unknownRateProblems, type SalesSettings, type TaxRate } from '#shared/tax'
import { percentFromText, rateIdOf, removalRefusal, withCategoryRate, withDefaultRate, withRate } from '#shared/tax-rates-edit'
import { groupKey } from '#shared/text-rules'
import { ConfigError } from './errors'

/** The receipt's words: one value each. */
const TEXT_KEYS = ['shopName', 'shopAddress', 'vatNumber', 'receiptFooter'] as const
/** The keys of the sales settings, in the order `config list` shows them. */
export const SALES_CONFIG_KEYS = [...TEXT_KEYS, 'pricesIncludeTax', 'taxRate', 'defaultTaxRate', 'categoryTaxRate'] as const
export type SalesConfigKey = (typeof SALES_CONFIG_KEYS)[number]

export const isSalesConfigKey = (key: string | undefined): key is SalesConfigKey =>
  (SALES_CONFIG_KEYS as readonly (string | undefined)[]).includes(key)
const isTextKey = (key: SalesConfigKey): key is (typeof TEXT_KEYS)[number] => (TEXT_KEYS as readonly string[]).includes(key)

/** How each key is written after `config set`, for the refusal of a wrong number of values. */
export const SALES_SET_USAGE: Record<SalesConfigKey, string> = {
  shopName: 'config set shopName "The Green Shed"',
  shopAddress: 'config set shopAddress "1 Mill Lane\\nBristol BS1 4DJ"',
  vatNumber: 'config set vatNumber GB123456789',
  receiptFooter: 'config set receiptFooter "Returns within 28 days\\nThank you!"',
  pricesIncludeTax: 'config set pricesIncludeTax yes (or no: VAT is added at the till)',
  taxRate: 'config set taxRate [ID] NAME PERCENT, e.g. config set taxRate reduced "Plants 5%" 5',
  defaultTaxRate: 'config set defaultTaxRate RATE (its id or name)',
  categoryTaxRate: 'config set categoryTaxRate CATEGORY RATE, e.g. config set categoryTaxRate Herbs reduced'
}

function usage(key: SalesConfigKey): never {
  throw new ConfigError(`write ${SALES_SET_USAGE[key]}`)
}

/** The rate `reference` names: its id, else its name in any case. */
function rateOf(settings: SalesSettings, reference: string): TaxRate {
  const wanted = reference.trim()
  const rate = settings.taxRates.find((found) => found.id === wanted) ?? settings.taxRates.find((found) => groupKey(found.name) === groupKey(wanted))
  if (rate !== undefined) return rate
  const known = settings.taxRates.map((found) => `${found.id} (${found.name})`).join(', ')
  throw new ConfigError(
    `there is no tax rate "${wanted}"; ${known ? `the rates are ${known}` : 'add one first with config set taxRate NAME PERCENT'}`
  )
}

/** "5", "5.5", "5,5" or "5%" as a percent. */
function percentOf(text: string): number {
  const percent = percentFromText(text)
  if (percent !== undefined) return percent
  throw new ConfigError(`percent must be a number from 0 to 100 with at most two decimals, such as 5 or 7.5; got "${text.slice(0, 20)}"`)
}

/** yes/no, true/false, on/off. */
function yesNo(text: string): boolean {
  const word = text.trim().toLowerCase()
  if (['yes', 'true', 'on', 'y'].includes(word)) return true
  if (['no', 'false', 'off', 'n'].includes(word)) return false
  throw new ConfigError(`pricesIncludeTax is yes (prices include VAT) or no (VAT is added at the till); got "${text.slice(0, 20)}"`)
}

/** A rate, new or changed: `[ID] NAME PERCENT`; without an id, the rate of that name, else a new one named so. */
function setRate(settings: SalesSettings, values: readonly string[]): SalesSettings {
  if (values.length !== 2 && values.length !== 3) usage('taxRate')
  const [name, percent] = values.slice(-2) as [string, string]
  const id =
    values.length === 3
      ? values[0]!.trim()
      : (settings.taxRates.find((rate) => groupKey(rate.name) === groupKey(name))?.id ??
        rateIdOf(
          name,
          settings.taxRates.map((rate) => rate.id)
        ))
  return withRate(settings, { id, name, percent: percentOf(percent) })
}

/** The settings after `config set KEY VALUES…`. Throws ConfigError (exit 2) for a value that cannot be kept. */
export function setSalesKey(settings: SalesSettings, key: SalesConfigKey, values: readonly string[]): SalesSettings {
  const one = () => (values.length === 1 ? values[0]! : usage(key))
  if (isTextKey(key)) return checked({ ...settings, [key]: one().replaceAll('\\n', '\n') })
  if (key === 'pricesIncludeTax') return checked({ ...settings, pricesIncludeTax: yesNo(one()) })
  if (key === 'taxRate') return checked(setRate(settings, values))
  if (key === 'defaultTaxRate') return checked(withDefaultRate(settings, rateOf(settings, one()).id))
  if (values.length !== 2) usage(key)
  return checked(withCategoryRate(settings, values[0]!, rateOf(settings, values[1]!).id))
}

/** The settings after `config unset KEY [WHICH]`: a rate by its id or name, a category's rate by the category. */
export function unsetSalesKey(settings: SalesSettings, key: SalesConfigKey, values: readonly string[]): SalesSettings {
  const which = key === 'taxRate' || key === 'categoryTaxRate'
  if (values.length !== (which ? 1 : 0))
    throw new ConfigError(which ? `write config unset ${key} ${key === 'taxRate' ? 'RATE' : 'CATEGORY'}` : `write config unset ${key}`)
  if (key === 'pricesIncludeTax') return { ...settings, pricesIncludeTax: true }
  if (key === 'defaultTaxRate') return withDefaultRate(settings, undefined)
  if (key === 'categoryTaxRate') return withCategoryRate(settings, values[0]!, undefined)
  if (key === 'taxRate') {
    const rate = rateOf(settings, values[0]!)
    const refusal = removalRefusal(settings, rate.id)
    if (refusal !== undefined)
      throw new ConfigError(refusal.replaceAll('choose another rate', 'set another rate (config set defaultTaxRate, config set categoryTaxRate)'))
    return { ...settings, taxRates: settings.taxRates.filter((kept) => kept.id !== rate.id) }
  }
  const { [key]: _removed, ...rest } = settings
  return rest
}

/** The lines `config get KEY [WHICH]` prints (none when unset). */
export function salesKeyLines(settings: SalesSettings, key: SalesConfigKey, values: readonly string[] = []): string[] {
  if (isTextKey(key)) return settings[key]?.split('\n') ?? []
  if (key === 'pricesIncludeTax') return [settings.pricesIncludeTax ? 'yes' : 'no']
  if (key === 'defaultTaxRate') return settings.defaultTaxRate === undefined ? [] : [rateLine(rateOf(settings, settings.defaultTaxRate))]
  if (key === 'taxRate') return (values.length > 0 ? [rateOf(settings, values[0]!)] : settings.taxRates).map(rateLine)
  const entries = Object.entries(settings.categoryTaxRates ?? {})
  const shown = values.length > 0 ? entries.filter(([category]) => groupKey(category) === groupKey(values[0]!)) : entries
  return shown.map(([category, id]) => `${category}\t${id}`)
}

/** `reduced  Plants 5%  5%`: a rate as `config get` and `config list` show it. */
const rateLine = (rate: TaxRate) => `${rate.id}\t${rate.name}\t${rate.percent}%`

/** `settings` as the server keeps them, or a ConfigError naming what it would refuse. */
function checked(settings: SalesSettings): SalesSettings {
  const result = validate(SALES_SETTINGS_BODY, settings)
  const problems = result.ok ? unknownRateProblems(result.value) : result.errors
  if (!result.ok || problems.length > 0)
    throw new ConfigError(problems.map((problem) => problem.message.replace(/^taxRates\[\d+\]\.(\w+)/, "the rate's $1")).join('; '))
  return result.value
}
