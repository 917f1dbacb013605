/**
 * The one owner of a data folder's settings in a running server: settings.json is read once and held in memory,
 * and every change the server makes is written under the file's lock, then held. `plant-store config set` writes
 * the file from another process while the server runs: before answering, the owner asks the file system (one
 * stat) whether the file is still the one it read, and reads it again when not, so such a change applies at once.
 */
import type { SalesSettings } from '#shared/tax'
import type { ShopSettings } from '#shared/shop'
import type { ImportChoices } from '#shared/import-mapping'
import { changeSettings, readSettings, settingsStamp, type Settings, type SettingsRead } from './settings'
import { shopSettingsOf } from './shop-settings'
import { salesSettingsOf } from './sales-settings'
import { importMappingsOf } from './import-mappings'

/** The settings of one data folder, held in memory (see the module's comment). */
export class SettingsOwner {
  readonly dataDir: string
  #held: SettingsRead | undefined

  constructor(dataDir: string) {
    this.dataDir = dataDir
  }

  /**
   * The settings as they are now (not to be changed: {@link change} changes them); none set when the file is missing.
   * Throws DamagedFileError, every time it is asked, for a file that cannot be used.
   */
  async read(): Promise<Readonly<Settings>> {
    const stamp = await settingsStamp(this.dataDir) // before reading: a file replaced meanwhile is read again next time
    if (stamp !== undefined && this.#held?.stamp === stamp) return this.#held.settings
    this.#held = undefined
    const settings = await readSettings(this.dataDir)
    if (stamp !== undefined) this.#held = { settings, stamp }
    return settings
  }

  /** Changes the settings under the file's lock (another process may write too), and holds them as written. */
  async change(change: (settings: Settings) => void): Promise<Readonly<Settings>> {
    this.#held = undefined
    const written = await changeSettings(this.dataDir, change)
    if (written.stamp !== undefined) this.#held = written
    return written.settings
  }

  /** The shop's currency, locale and time zone (shop-settings.ts). */
  async shop(): Promise<ShopSettings> {
    return shopSettingsOf(await this.read())
  }

  /** Prices with or without tax, the tax rates, a receipt's head (sales-settings.ts). */
  async sales(): Promise<SalesSettings> {
    return salesSettingsOf(await this.read())
  }

  /** The column mappings remembered for each header shape (import-mappings.ts). */
  async importMappings(): Promise<Record<string, ImportChoices>> {
    return importMappingsOf(await this.read())
  }
}
