/**
 * `plant-store config` keys of the receipt and VAT: set, get, unset and list in-process on a temporary data folder,
 * checked by the server's own rule, refused with exit 2 in words, and read at once by a running server's settings owner.
 */
import { describe, expect, it, vi } from 'vitest'
import { configCommand } from '#cli/commands/config'
import { SettingsOwner } from '#settings/settings-owner'
import { EXIT_CODES } from '#shared/app-error'
import { AppError } from '#shared/app-error'
import { makeTempDir } from '#setup/temp-dir'

/** Runs `plant-store config ARGS --data DIR`: its exit code and what it printed, or the refusal's code and words. */
async function config(dir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const printed: string[] = []
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    printed.push(String(text))
    return true
  })
  try {
    return { code: await configCommand.run([...args, '--data', dir], {}), out: printed.join('') }
  } catch (error) {
    if (error instanceof AppError) return { code: error.exitCode, out: error.message }
    throw error
  } finally {
    write.mockRestore()
  }
}

describe('config keys of the receipt and VAT', () => {
  it('set the shop head and footer, read back by get and by a running server at once', async () => {
    const dir = await makeTempDir()
    const server = new SettingsOwner(dir)
    expect(await server.sales()).toEqual({ pricesIncludeTax: true, taxRates: [] })
    expect(await config(dir, 'set', 'shopName', 'The Green Shed')).toEqual({ code: 0, out: 'shopName = The Green Shed\n' })
    expect(await config(dir, 'set', 'shopAddress', '1 Mill Lane\\nBristol')).toEqual({ code: 0, out: 'shopAddress = 1 Mill Lane\\nBristol\n' })
    await config(dir, 'set', 'vatNumber', 'GB123456789')
    await config(dir, 'set', 'receiptFooter', 'Thank you!')
    expect(await config(dir, 'get', 'shopAddress')).toEqual({ code: 0, out: '1 Mill Lane\nBristol\n' })
    expect(await server.sales()).toEqual({
      pricesIncludeTax: true,
      taxRates: [],
      shopName: 'The Green Shed',
      shopAddress: '1 Mill Lane\nBristol',
      vatNumber: 'GB123456789',
      receiptFooter: 'Thank you!'
    })
    expect((await config(dir, 'unset', 'receiptFooter')).code).toBe(0)
    expect(await server.sales()).not.toHaveProperty('receiptFooter')
  })

  it('name rates by id or by name, set the default and a category, and list them', async () => {
    const dir = await makeTempDir()
    expect(await config(dir, 'set', 'taxRate', 'Standard 20%', '20')).toEqual({ code: 0, out: 'taxRate = standard-20  Standard 20%  20%\n' })
    expect(await config(dir, 'set', 'taxRate', 'reduced', 'Plants 5%', '5')).toEqual({ code: 0, out: 'taxRate = reduced  Plants 5%  5%\n' })
    expect(await config(dir, 'set', 'taxRate', 'plants 5%', '5,5')).toEqual({ code: 0, out: 'taxRate = reduced  plants 5%  5.5%\n' })
    expect(await config(dir, 'set', 'defaultTaxRate', 'Standard 20%')).toEqual({ code: 0, out: 'defaultTaxRate = standard-20  Standard 20%  20%\n' })
    expect(await config(dir, 'set', 'categoryTaxRate', 'Herbs', 'reduced')).toEqual({ code: 0, out: 'categoryTaxRate = Herbs  reduced\n' })
    expect(await config(dir, 'set', 'pricesIncludeTax', 'no')).toEqual({ code: 0, out: 'pricesIncludeTax = no\n' })
    expect(await new SettingsOwner(dir).sales()).toEqual({
      pricesIncludeTax: false,
      taxRates: [
        { id: 'standard-20', name: 'Standard 20%', percent: 20 },
        { id: 'reduced', name: 'plants 5%', percent: 5.5 }
      ],
      defaultTaxRate: 'standard-20',
      categoryTaxRates: { Herbs: 'reduced' }
    })
    expect((await config(dir, 'list')).out).toBe(
      [
        'pricesIncludeTax = no',
        'taxRate = standard-20  Standard 20%  20%',
        'taxRate = reduced  plants 5%  5.5%',
        'defaultTaxRate = standard-20  Standard 20%  20%',
        'categoryTaxRate = Herbs  reduced',
        ''
      ].join('\n')
    )
    expect((await config(dir, 'get', 'categoryTaxRate', 'herbs')).out).toBe('Herbs\treduced\n')
  })

  it('refuse a rate in use until nothing uses it, and unset a category back to the default', async () => {
    const dir = await makeTempDir()
    await config(dir, 'set', 'taxRate', 'reduced', 'Plants 5%', '5')
    await config(dir, 'set', 'categoryTaxRate', 'Herbs', 'reduced')
    const refused = await config(dir, 'unset', 'taxRate', 'reduced')
    expect(refused.code).toBe(EXIT_CODES.usage)
    expect(refused.out).toBe(
      '“Plants 5%” is the rate of Herbs: set another rate (config set defaultTaxRate, config set categoryTaxRate) for them first, then remove it'
    )
    expect((await config(dir, 'unset', 'categoryTaxRate', 'HERBS')).code).toBe(0)
    expect((await config(dir, 'unset', 'taxRate', 'Plants 5%')).code).toBe(0)
    expect(await new SettingsOwner(dir).sales()).toEqual({ pricesIncludeTax: true, taxRates: [] })
  })

  it.each([
    [['set', 'taxRate', 'Reduced', 'five'], 'percent must be a number from 0 to 100 with at most two decimals, such as 5 or 7.5; got "five"'],
    [['set', 'taxRate', 'Reduced', '101'], 'percent must be a number from 0 to 100 with at most two decimals, such as 7 or 7.7'],
    [['set', 'taxRate', 'Bad Id', 'Reduced', '5'], 'a tax rate id is 1 to 40 small letters, digits or dashes'],
    [['set', 'defaultTaxRate', 'zero'], 'there is no tax rate "zero"; add one first with config set taxRate NAME PERCENT'],
    [['set', 'categoryTaxRate', 'Herbs'], 'write config set categoryTaxRate CATEGORY RATE'],
    [['set', 'pricesIncludeTax', 'maybe'], 'pricesIncludeTax is yes (prices include VAT) or no (VAT is added at the till); got "maybe"'],
    [['set', 'receiptFooter', 'a\u0007b'], 'receiptFooter line 1 contains a control character (U+0007)'],
    [['set', 'shopName', ' '], 'shopName must not be blank']
  ])('refuse %j in words with exit 2, keeping the settings', async (args, words) => {
    const dir = await makeTempDir()
    await config(dir, 'set', 'shopName', 'Kept')
    const refused = await config(dir, ...args)
    expect(refused.code).toBe(EXIT_CODES.usage)
    expect(refused.out).toContain(words)
    expect(await new SettingsOwner(dir).sales()).toEqual({ pricesIncludeTax: true, taxRates: [], shopName: 'Kept' })
  })
})

describe('config locale', () => {
  it('takes a locale in any case in its canonical spelling, and a running server answers it', async () => {
    const dir = await makeTempDir()
    expect(await config(dir, 'set', 'locale', 'en_gb')).toEqual({ code: 0, out: 'locale = en-GB\n' })
    expect((await new SettingsOwner(dir).shop()).locale).toBe('en-GB')
    expect(await config(dir, 'get', 'locale')).toEqual({ code: 0, out: 'en-GB\n' })
    expect((await config(dir, 'list')).out).toBe('locale = en-GB\n')
    const refused = await config(dir, 'set', 'locale', 'Klingon')
    expect(refused.code).toBe(EXIT_CODES.usage)
    expect(refused.out).toMatch(/^locale must be a language and region such as en-GB/)
    expect((await config(dir, 'unset', 'locale')).code).toBe(0)
    expect((await new SettingsOwner(dir).shop()).locale).toBe(Intl.DateTimeFormat().resolvedOptions().locale)
  })
})
