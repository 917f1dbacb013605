/**
 * `plant-store config set` of the receipt and VAT keys while `plant-store serve` runs on the folder: the server's
 * next sale is taxed with the rates set from the other process, and its receipt prints the shop's head, its
 * footer and the date in the locale set, with no restart and no curl.
 */
import { describe, expect, it } from 'vitest'
import { createApiClient } from '#shared/api-client'
import { runCli, startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('config keys of the receipt and VAT on a running server', () => {
  it('are taken by the next sale and receipt', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    await api.addPlant({ name: 'Basil', price: 3, quantity: 5, category: 'Herbs' })
    for (const args of [
      ['shopName', 'The Green Shed'],
      ['receiptFooter', 'Returns within 28 days'],
      ['taxRate', 'Standard 20%', '20'],
      ['taxRate', 'reduced', 'Reduced 5%', '5'],
      ['defaultTaxRate', 'standard-20'],
      ['categoryTaxRate', 'Herbs', 'Reduced 5%'],
      ['locale', 'en-gb']
    ]) {
      const result = await runCli(['config', 'set', ...args, '--data', dir])
      expect(result, args.join(' ')).toMatchObject({ code: 0, stderr: '' })
    }
    const sale = await api.completeSale({ lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'card', amount: 300 }] })
    expect('receipt' in sale && sale.totals.taxRates).toMatchObject([{ rateId: 'reduced', name: 'Reduced 5%', base: 286, tax: 14 }])
    const receipt = await api.receiptHtml(1, '80mm')
    for (const words of ['The Green Shed', 'Returns within 28 days', 'Reduced 5% on']) expect(receipt).toContain(words)
    expect(receipt).toMatch(/\d\d\/\d\d\/20\d\d, \d\d:\d\d · Till/)
    const refused = await runCli(['config', 'unset', 'taxRate', 'reduced', '--data', dir])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('“Reduced 5%” is the rate of Herbs')
    await server.stop()
  })
})
