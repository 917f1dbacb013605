/**
 * `config set|get|unset` of the sales settings' keys (src-main/settings/sales-config.ts): written under the settings
 * file's lock like every key, so a running server (whose settings owner reads the file again once it changed) prices
 * its next sale with them and prints them on its next receipt.
 */
import { changeSettings, readSettings, type Settings } from '#settings/settings'
import { salesSettingsOf } from '#settings/sales-settings'
import { SALES_CONFIG_KEYS, salesKeyLines, setSalesKey, unsetSalesKey, type SalesConfigKey } from '#settings/sales-config'

/** The sales keys in `config --help`. */
export const SALES_KEYS_HELP = `Receipt and VAT (also in the app: Settings → Shop & VAT):
  shopName         the shop's name, printed at the head of every receipt
  shopAddress      its address; \\n between lines ("1 Mill Lane\\nBristol")
  vatNumber        the VAT number printed under it
  receiptFooter    lines printed at the foot of every receipt (\\n between)
  pricesIncludeTax yes (the default: prices include VAT) or no (VAT is added)
  taxRate          a VAT rate: config set taxRate [ID] NAME PERCENT, e.g.
                   config set taxRate reduced "Plants 5%" 5 (without an ID,
                   the rate of that name, or a new one with an ID made from
                   it); config unset taxRate RATE, refused while it is used;
                   config get taxRate lists them (id, name, percent)
  defaultTaxRate   the rate (id or name) of a plant whose category has none;
                   unset: those plants pay no VAT
  categoryTaxRate  config set categoryTaxRate Herbs reduced: the rate of a
                   category; config unset categoryTaxRate Herbs: the default
`

/** Runs `config ACTION KEY VALUES…` for a sales key; prints what it set or holds. */
export async function runSalesKey(dataDir: string, action: 'set' | 'get' | 'unset', key: SalesConfigKey, values: string[]): Promise<number> {
  if (action === 'get') {
    const lines = salesKeyLines(salesSettingsOf(await readSettings(dataDir)), key, values)
    process.stdout.write(lines.map((line) => `${line}\n`).join(''))
    return 0
  }
  const change = action === 'set' ? setSalesKey : unsetSalesKey
  const written = await changeSettings(dataDir, (settings) => {
    settings.sales = change(salesSettingsOf(settings), key, values)
  })
  if (action === 'set') {
    // The rate or category just set (by its id, name or category: the first value), else the key's whole value.
    const which = key === 'taxRate' || key === 'categoryTaxRate' ? values.slice(0, 1) : []
    process.stdout.write(`${shownLine(key, salesKeyLines(salesSettingsOf(written.settings), key, which))}\n`)
  }
  return 0
}

/** `KEY = VALUE` as `config set` and `config list` show it: lines of text joined by \\n, a rate's columns by two spaces. */
function shownLine(key: SalesConfigKey, lines: string[]): string {
  return `${key} = ${lines.join('\\n').replaceAll('\t', '  ')}`
}

/** `config list`'s lines of the sales settings: those set, each rate and category on its own line. */
export function listSalesKeys(settings: Readonly<Settings>): string[] {
  if (settings.sales === undefined) return []
  const sales = salesSettingsOf(settings)
  return SALES_CONFIG_KEYS.flatMap((key) => {
    const lines = salesKeyLines(sales, key)
    if (key === 'taxRate' || key === 'categoryTaxRate') return lines.map((line) => shownLine(key, [line]))
    return lines.length > 0 ? [shownLine(key, lines)] : []
  })
}
