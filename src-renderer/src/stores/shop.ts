/** The shop's money settings (currency and locale) for prices on screen and on labels, and its time zone for dates in file names. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { api } from '#renderer/api'
import { formatPrice, type ShopMoney } from '#renderer/price'
import { asCents, formatCents } from '#shared/money'
import { computerTimeZone, shopDay } from '#shared/shop-day'

/** Until the server has answered: this computer's locale, and euros. */
export function localMoney(locale = new Intl.NumberFormat().resolvedOptions().locale): ShopMoney {
  return { locale, currency: 'EUR' }
}

export const useShopStore = defineStore('shop', () => {
  const money = ref<ShopMoney>(localMoney())
  /** The shop's time zone; until the server has answered, this computer's. */
  const timeZone = ref(computerTimeZone())

  /** Takes the shop's settings as the server has them. */
  function set(next: ShopMoney & { timeZone?: string }): void {
    money.value = { currency: next.currency, locale: next.locale }
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

  /** Sets the shop's time zone (an IANA name) on the server (owner only); rethrows the ApiError for the form. */
  async function setTimeZone(zone: string): Promise<void> {
    set(await api().setShopSettings({ timeZone: zone }))
  }

  return {
    money,
    timeZone,
    set,
    load,
    setCurrency,
    setTimeZone,
    format: (price: number | undefined) => formatPrice(price, money.value),
    /** An amount in minor units (a sale's, a day's): 1250 → `€12.50`. */
    formatMinor: (minor: number) => formatCents(asCents(minor), money.value),
    /** Today's date where the shop is (YYYY-MM-DD), for file names. */
    today: () => shopDay(new Date(), timeZone.value)
  }
})
