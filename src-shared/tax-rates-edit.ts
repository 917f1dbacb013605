/**
 * Changes to the sales settings as a shop owner makes them (Settings → Shop & VAT, `plant-store config set`): a rate
 * added, renamed or removed, the rate of a category. Pure: each returns new settings, or words saying why not, in
 * shop words (a rate is called by its name; its id stays behind the scenes). The server checks the result as it
 * checks any PUT /v3/settings/sales.
 */
import type { SalesSettings, TaxRate } from './tax'
import { groupKey } from './text-rules'

/** A percent as an owner types it ("5", "5.5", "5,5", "5 %") as a number; undefined when it is none. */
export function percentFromText(text: string): number | undefined {
  const cleaned = text.trim().replace(/%$/, '').replace(',', '.').trim()
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : undefined
}

/** A rate's id made from its name ("Plants 5%" → "plants-5"), unlike any in `taken`: "-2", "-3" … when it is. */
export function rateIdOf(name: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36)
      .replace(/-+$/, '') || 'rate'
  let id = base
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`
  return id
}

/** Where a rate is used: as the default, and the categories that take it. */
export function rateUses(settings: SalesSettings, id: string): { isDefault: boolean; categories: string[] } {
  return {
    isDefault: settings.defaultTaxRate === id,
    categories: Object.entries(settings.categoryTaxRates ?? {})
      .filter(([, rate]) => rate === id)
      .map(([category]) => category)
  }
}

/** A rate's name as a person reads it, quoted. */
const called = (rate: TaxRate | undefined, id: string) => `“${rate?.name ?? id}”`

/** Why the rate `id` cannot be removed (it is the default or a category's rate), or undefined when it can. */
export function removalRefusal(settings: SalesSettings, id: string): string | undefined {
  const { isDefault, categories } = rateUses(settings, id)
  if (!isDefault && categories.length === 0) return undefined
  const uses = [...(isDefault ? ['the default rate'] : []), ...(categories.length > 0 ? [`the rate of ${categories.join(', ')}`] : [])].join(' and ')
  const rate = settings.taxRates.find((found) => found.id === id)
  return `${called(rate, id)} is ${uses}: choose another rate for ${isDefault && categories.length === 0 ? 'the default' : 'them'} first, then remove it`
}

/** The settings without the rate `id`; throws the words of {@link removalRefusal} when it is in use. */
export function withoutRate(settings: SalesSettings, id: string): SalesSettings {
  const refusal = removalRefusal(settings, id)
  if (refusal !== undefined) throw new RangeError(refusal)
  return { ...settings, taxRates: settings.taxRates.filter((rate) => rate.id !== id) }
}

/** The settings with `rate` added, or put in place of the rate with its id (a rename or a new percent). */
export function withRate(settings: SalesSettings, rate: TaxRate): SalesSettings {
  const index = settings.taxRates.findIndex((found) => found.id === rate.id)
  const taxRates = index < 0 ? [...settings.taxRates, rate] : settings.taxRates.map((found, at) => (at === index ? rate : found))
  return { ...settings, taxRates }
}

/**
 * The settings with `category` taking the rate `id` (undefined: the default rate again). Any other spelling of the
 * category ("herbs" for "Herbs") is replaced, as reports count them one category.
 */
export function withCategoryRate(settings: SalesSettings, category: string, id: string | undefined): SalesSettings {
  const key = groupKey(category)
  const others = Object.entries(settings.categoryTaxRates ?? {}).filter(([name]) => groupKey(name) !== key)
  const entries = id === undefined ? others : [...others, [category.trim(), id] as const]
  const { categoryTaxRates: _replaced, ...rest } = settings
  return entries.length === 0 ? rest : { ...rest, categoryTaxRates: Object.fromEntries(entries) }
}

/** The settings with `id` as the default rate (undefined: no default, so a category without a rate pays no tax). */
export function withDefaultRate(settings: SalesSettings, id: string | undefined): SalesSettings {
  const { defaultTaxRate: _replaced, ...rest } = settings
  return id === undefined ? rest : { ...rest, defaultTaxRate: id }
}
