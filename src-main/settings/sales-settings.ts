/**
 * The shop's sales settings (settings.json, key `sales`): prices with or without tax, the tax rates, which rate a
 * category takes, and a receipt's head. Changed with PUT /v3/settings/sales (through the settings' owner,
 * settings-owner.ts); a folder that never set them sells with prices including tax and no rates.
 */
import { DEFAULT_SALES_SETTINGS, type SalesSettings } from '#shared/tax'
import type { Settings } from './settings'

/** The sales settings of `stored` (settings.json as read), the defaults when none were set. */
export function salesSettingsOf(stored: Readonly<Settings>): SalesSettings {
  return stored.sales ?? DEFAULT_SALES_SETTINGS
}
