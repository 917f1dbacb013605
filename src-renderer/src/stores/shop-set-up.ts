/**
 * The shop's set-up on the main computer, after its first run (GET /v3/setup says `shopToSetUp`): the shop's name,
 * address and VAT number, its country (which proposes currency, time zone, tax rates and whether prices include
 * tax), those proposals to change, the owner (optional), then how to start: import, sample plants, or empty. It
 * writes through the operations Settings uses (shop and sales settings, staff, plants) and ends with POST
 * /v3/setup/shop, so a set-up left half-way is shown again at the next start. Checked here with the server's own
 * rules first; a refusal goes back to the step of the field it names, with everything typed kept.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref } from 'vue'
import { ApiError } from '#shared/api-client'
import { pushAll } from '#shared/arrays'
import { validate } from '#shared/body-rules'
import { countryOf, rateName } from '#shared/countries'
import { SHOP_LOCALES } from '#shared/shop-locale'
import { NEW_STAFF_MEMBER_BODY } from '#shared/staff'
import { SHOP_SETTINGS_BODY } from '#shared/shop'
import { computerTimeZone } from '#shared/shop-day'
import { SALES_SETTINGS_BODY, unknownRateProblems, type SalesSettings } from '#shared/tax'
import { percentFromText } from '#shared/tax-rates-edit'
import type { FieldError } from '#shared/problem'
import { api } from '#renderer/api'
import { useSamplePlantsStore } from './sample-plants'
import { useShopStore } from './shop'
import { useStaffStore } from './staff'

/** The set-up's screens, in order. */
export const SET_UP_STEPS = ['shop', 'country', 'tax', 'owner', 'start'] as const
export type SetUpStep = (typeof SET_UP_STEPS)[number]

/** How the shop starts: its own products from a file, the sample plants to try, or nothing. */
export type StartWith = 'import' | 'samples' | 'empty'

/** A tax rate as the form edits it: the percent as typed. */
export interface RateRow {
  id: string
  name: string
  percent: string
}

/** Which screen a field of the settings is on. */
function stepOfField(field: string): SetUpStep {
  if (/^(shopName|shopAddress|vatNumber)/.test(field)) return 'shop'
  if (/^(name|pin|role)/.test(field)) return 'owner'
  if (field === 'country') return 'country'
  return 'tax'
}

/** The percent typed ("7,7" as well as "7.7") as a number, or the text itself for the rule to refuse in words. */
const percentOf = (text: string): number | string => percentFromText(text) ?? text

export const useShopSetUpStore = defineStore('shop-set-up', () => {
  /** True while the main computer says the shop's set-up is still to do (and this page may do it). */
  const toSetUp = ref(false)
  const step = ref<SetUpStep>('shop')
  const form = reactive({
    shopName: '',
    shopAddress: '',
    vatNumber: '',
    /** ISO code of the country chosen; 'other' for one not listed (its currency and tax set by hand); '' until chosen. */
    country: '',
    currency: '',
    timeZone: computerTimeZone(),
    pricesIncludeTax: true,
    rates: [] as RateRow[],
    /** The id of the rate a plant takes (the default rate); '' for none. */
    plantsRate: '',
    ownerName: '',
    ownerPin: ''
  })
  /** What is wrong, by field ('' for the whole set-up). */
  const errors = ref<Record<string, string[]>>({})
  /** The last refusal in words. */
  const refusal = ref('')
  const busy = ref(false)
  /** The sales settings as they were, so the set-up keeps what it does not ask (the rate per category). */
  let salesBefore: SalesSettings | undefined
  /** Set once the owner is added: a retry after a later refusal does not add them twice. */
  let ownerAdded = false
  let nextRate = 1
  /** The country whose proposals the form holds. */
  let proposedFor = ''

  /** The country's note for the owner (US sales tax, Canada's provinces), if any. */
  const countryNote = computed(() => countryOf(form.country)?.note)

  /** Asks the server whether the shop's set-up is still to do; only a window that may change settings does it. */
  async function load(): Promise<void> {
    try {
      const state = await api().setupState()
      if (state.stage !== 'main' || !state.shopToSetUp) return
      const [shop, sales] = await Promise.all([api().shopSettings(), api().salesSettings()])
      salesBefore = sales
      form.currency ||= shop.currency
      form.timeZone = shop.timeZone
      form.shopName ||= sales.shopName ?? ''
      toSetUp.value = true
    } catch {
      // No set-up shown: everything it asks is in Settings too.
    }
  }

  /** Takes the country's proposals: currency, time zone (this computer's when it is one of the country's), tax. */
  function chooseCountry(code: string): void {
    form.country = code
    const country = countryOf(code)
    // Back on this screen with the same country: what was changed on the next screen stays.
    if (!country || code === proposedFor) return
    proposedFor = code
    form.currency = country.currency
    const here = computerTimeZone()
    form.timeZone = country.timeZones.includes(here) ? here : country.timeZones[0]!
    form.pricesIncludeTax = country.pricesIncludeTax
    form.rates = country.taxRates.map((rate) => ({ id: rate.id, name: rateName(country, rate), percent: String(rate.percent) }))
    form.plantsRate = country.plantsRate ?? ''
  }

  function addRate(): void {
    while (form.rates.some((rate) => rate.id === `rate-${nextRate}`)) nextRate++
    form.rates.push({ id: `rate-${nextRate}`, name: '', percent: '' })
  }

  function removeRate(id: string): void {
    form.rates = form.rates.filter((rate) => rate.id !== id)
    if (form.plantsRate === id) form.plantsRate = ''
  }

  /** The shop's money, zone, and the country's way of writing dates when the server knows it (a Swiss shop: de-CH). */
  const shopChange = () => {
    const locale = countryOf(form.country)?.locale
    return { currency: form.currency, timeZone: form.timeZone, ...(locale && SHOP_LOCALES.includes(locale) ? { locale } : {}) }
  }

  function salesSettings(): SalesSettings {
    const optional = (text: string) => (text.trim() === '' ? undefined : text.trim())
    const settings: SalesSettings = {
      ...salesBefore,
      pricesIncludeTax: form.pricesIncludeTax,
      taxRates: form.rates.map((rate) => ({ id: rate.id, name: rate.name.trim(), percent: percentOf(rate.percent) as number })),
      defaultTaxRate: optional(form.plantsRate),
      shopName: form.shopName.trim(),
      shopAddress: optional(form.shopAddress),
      vatNumber: optional(form.vatNumber)
    }
    // A key left undefined would be sent as absent anyway; dropping it keeps the body to what the rule knows.
    return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as unknown as SalesSettings
  }

  const owner = () => ({ name: form.ownerName.trim(), role: 'owner' as const, pin: form.ownerPin.trim() })
  const wantsOwner = () => !ownerAdded && !useStaffStore().active && (form.ownerName.trim() !== '' || form.ownerPin.trim() !== '')

  function show(list: readonly FieldError[]): void {
    const byField: Record<string, string[]> = {}
    for (const { field, message } of list) (byField[field] ??= []).push(withoutFieldName(field, message))
    errors.value = byField
    const first = list[0]
    if (first) step.value = stepOfField(first.field)
  }

  /** What is wrong with the steps up to `upTo`, as field errors; [] when it can go on. */
  function problemsUpTo(upTo: SetUpStep): FieldError[] {
    const reached = (at: SetUpStep) => SET_UP_STEPS.indexOf(upTo) >= SET_UP_STEPS.indexOf(at)
    const list: FieldError[] = []
    // Said here in the set-up's words; the rule below says the rest (a name too long, a character it refuses).
    if (form.shopName.trim() === '') return [{ field: 'shopName', message: 'give the shop’s name: it heads every receipt' }]
    if (reached('country') && form.country === '') list.push({ field: 'country', message: 'choose the shop’s country' })
    if (reached('tax')) {
      const shop = validate(SHOP_SETTINGS_BODY, shopChange())
      if (!shop.ok) pushAll(list, shop.errors)
      const sales = validate(SALES_SETTINGS_BODY, salesSettings())
      pushAll(list, sales.ok ? unknownRateProblems(sales.value) : sales.errors)
    } else {
      const sales = validate(SALES_SETTINGS_BODY, {
        pricesIncludeTax: true,
        taxRates: [],
        ...pick(salesSettings(), 'shopName', 'shopAddress', 'vatNumber')
      })
      if (!sales.ok) pushAll(list, sales.errors)
    }
    if (reached('owner') && wantsOwner()) {
      const checked = validate(NEW_STAFF_MEMBER_BODY, owner())
      if (!checked.ok) pushAll(list, checked.errors)
    }
    return list
  }

  /** "Next": on to the next screen when this one's fields are right. */
  function next(): void {
    const list = problemsUpTo(step.value)
    if (list.length > 0) return show(list)
    errors.value = {}
    step.value = SET_UP_STEPS[SET_UP_STEPS.indexOf(step.value) + 1] ?? step.value
  }

  function back(): void {
    errors.value = {}
    step.value = SET_UP_STEPS[SET_UP_STEPS.indexOf(step.value) - 1] ?? step.value
  }

  async function run(work: () => Promise<void>): Promise<boolean> {
    busy.value = true
    refusal.value = ''
    try {
      await work()
      toSetUp.value = false
      return true
    } catch (failure) {
      const error = failure instanceof ApiError ? failure : undefined
      refusal.value = error?.detail ?? 'Plant Store did not answer: is it still running on the main computer? Nothing typed here is lost; try again.'
      show(error?.errors ?? [])
      return false
    } finally {
      busy.value = false
    }
  }

  /** Writes the whole set-up and starts as chosen; resolves true when done (the caller opens the import for 'import'). */
  async function finish(startWith: StartWith): Promise<boolean> {
    const list = problemsUpTo('start')
    if (list.length > 0) {
      show(list)
      return false
    }
    errors.value = {}
    return run(async () => {
      useShopStore().set(await api().setShopSettings(shopChange()))
      salesBefore = await api().setSalesSettings(salesSettings())
      if (startWith === 'samples') await useSamplePlantsStore().add()
      if (wantsOwner()) {
        const { pin } = owner()
        const member = await api().addStaffMember(owner())
        ownerAdded = true
        // The owner is at the till now: signed in, so the set-up's last write and what follows need no PIN pad.
        await useStaffStore().signIn(member.id, pin)
      }
      await api().finishShopSetUp()
      await useStaffStore().load()
    })
  }

  /** "Set up later": nothing written but that the set-up is not to be shown again; Settings has it all. */
  const skip = () => run(async () => void (await api().finishShopSetUp()))

  return { toSetUp, step, form, errors, refusal, busy, countryNote, load, chooseCountry, addRate, removeRate, next, back, finish, skip }
})

/** A rule's message without the body's field name it starts with ("percent must be…" → "must be…"): the label says it. */
function withoutFieldName(field: string, message: string): string {
  // The PIN rule speaks to scripts ("sent as text"); the owner types digits.
  if (/(^|\.)pin$/i.test(field)) return 'a PIN is 4 to 8 digits, like 2468'
  // "taxRates[1].name must not be blank": the whole path first, else its last name.
  if (message.startsWith(`${field} `)) return message.slice(field.length + 1)
  const key = /([A-Za-z]+)$/.exec(field)?.[1]
  return key !== undefined && message.startsWith(`${key} `) ? message.slice(key.length + 1) : message
}

function pick<T extends object, K extends keyof T>(value: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Pick<T, K>
}
