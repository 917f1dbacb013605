/**
 * The shop's money settings (currency and locale) for prices on screen and on labels, its time zone for dates in file
 * names, and its sales settings (the receipt's head and foot, the VAT rates) as Settings → Shop & VAT edits them.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { api } from '#renderer/api'
import { setDateLocale } from '#renderer/format'
import { useBasketStore } from '#renderer/stores/basket'
import { DEFAULT_SALES_SETTINGS, type SalesSettings } from '#shared/tax'
import { groupKey } from '#shared/text-rules'
import { PAGE_LIMIT_MAX } from '#shared/api-paths'
import { formatPrice, type ShopMoney } from '#renderer/price'
import { asCents, formatCents } from '#shared/money'
import { computerTimeZone, shopDay } from '#shared/shop-day'

/** Until the server has answered: this computer's locale, and euros. */
export function localMoney(locale = new Intl.NumberFormat().resolvedOptions().locale): ShopMoney {
  return { locale, currency: 'EUR' }
}

/** How many pages of the catalogue are read for its categories (20,000 plants). */
const CATEGORY_PAGES = 20

export const useShopStore = defineStore('shop', () => {
  const money = ref<ShopMoney>(localMoney())
  /** The shop's time zone; until the server has answered, this computer's. */
  const timeZone = ref(computerTimeZone())

  /** The sales settings as the server has them; the defaults until read. */
  const sales = ref<SalesSettings>(DEFAULT_SALES_SETTINGS)
  /** Why the sales settings could not be read (Settings says so and offers to try again). */
  const salesError = ref<unknown>(null)
  /** The catalogue's categories, each spelling once, for the rate per category. */
  const categories = ref<string[]>([])

  /** Takes the shop's settings as the server has them. */
  function set(next: ShopMoney & { timeZone?: string }): void {
    money.value = { currency: next.currency, locale: next.locale }
    setDateLocale(next.locale)
    if (next.timeZone !== undefined) timeZone.value = next.timeZone
  }

  /** Reads the shop's setting from the server; until then (or if it cannot be read) the local default stays. */
  async function load(): Promise<void> {
    try {
      set(await api().shopSettings())
    } catch {
      // The prices still show, in the local default, and the next load tries again.
    }
  }

  /** Sets the shop's currency on the server (owner only) and shows prices in it; rethrows the ApiError for the form. */
  async function setCurrency(currency: string): Promise<void> {
    set(await api().setShopSettings({ currency }))
  }

  /** Sets how the shop writes dates, times and amounts (a shop locale) on the server (owner only); rethrows the ApiError for the form. */
  async function setLocale(locale: string): Promise<void> {
    set(await api().setShopSettings({ locale }))
  }

  /** Sets the shop's time zone (an IANA name) on the server (owner only); rethrows the ApiError for the form. */
  async function setTimeZone(zone: string): Promise<void> {
    set(await api().setShopSettings({ timeZone: zone }))
  }

  /** Reads the sales settings; a failure is kept in `salesError`. */
  async function loadSales(): Promise<void> {
    try {
      sales.value = await api().salesSettings()
      salesError.value = null
    } catch (error) {
      salesError.value = error
    }
  }

  /**
   * Replaces the sales settings on the server (owner only) and prices the open basket with them at once;
   * rethrows the ApiError for the form.
   */
  async function setSales(next: SalesSettings): Promise<void> {
    sales.value = await api().setSalesSettings(next)
    salesError.value = null
    useBasketStore().settings = sales.value
  }

  /**
   * Reads the categories plants have, for the rate per category: the catalogue page by page (sorted by category, up
   * to {@link CATEGORY_PAGES} pages); a category beyond them is still typed by hand.
   */
  async function loadCategories(): Promise<void> {
    const seen = new Map<string, string>()
    try {
      for (let page = 0; page < CATEGORY_PAGES; page++) {
        const { plants, total } = await api().listPlants({ sort: 'category', limit: PAGE_LIMIT_MAX, offset: page * PAGE_LIMIT_MAX })
        for (const { category } of plants) if (category !== undefined && !seen.has(groupKey(category))) seen.set(groupKey(category), category)
        if ((page + 1) * PAGE_LIMIT_MAX >= total) break
      }
    } catch {
      // Only suggestions: what was read is offered, and a category is typed as well.
    }
    categories.value = [...seen.values()]
  }

  return {
    money,
    timeZone,
    sales,
    salesError,
    categories,
    set,
    load,
    loadSales,
    setSales,
    loadCategories,
    setCurrency,
    setTimeZone,
    setLocale,
    format: (price: number | undefined) => formatPrice(price, money.value),
    /** An amount in minor units (a sale's, a day's): 1250 → `€12.50`. */
    formatMinor: (minor: number) => formatCents(asCents(minor), money.value),
    /** Today's date where the shop is (YYYY-MM-DD), for file names. */
    today: () => shopDay(new Date(), timeZone.value)
  }
})
