/**
 * What the shop's resources share: the store, and the one owner of the data folder's settings (settings.json,
 * read once and held: settings-owner.ts), both given to createApp.
 */
import type { ShopStore } from '#store'
import type { SettingsOwner } from '#settings/settings-owner'

/** The context of a resource that needs the store and the settings. */
export interface Shop {
  store: ShopStore
  settings: SettingsOwner
}

/** A resource's `context`: the store and the settings the app was given. */
export function shopOf({ store, settings }: Shop): Shop {
  return { store, settings }
}
