/** The shop's money settings (currency and locale) for prices on screen and on labels. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { formatPrice, type ShopMoney } from '#renderer/price'

/** Until the server has answered: this computer's locale, and the currency it implies when it names a region. */
export function localMoney(locale = new Intl.NumberFormat().resolvedOptions().locale): ShopMoney {
  return { locale, currency: 'EUR' }
}

export const useShopStore = defineStore('shop', () => {
  const money = ref<ShopMoney>(localMoney())

  /** Takes the shop's settings as the server has them. */
  function set(next: ShopMoney): void {
    money.value = { currency: next.currency, locale: next.locale }
  }

  return { money, set, format: (price: number | undefined) => formatPrice(price, money.value) }
})
