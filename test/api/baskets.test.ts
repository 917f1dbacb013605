/** The till windows' open baskets over HTTP: kept in the data folder (through a restart), replaced, forgotten, refused in words. */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '#shared/api-client'
import type { Basket } from '#shared/basket'
import { asCents } from '#shared/money'
import type { Sale } from '#shared/sale'
import { TEST_TOKEN, clientFetch, createTestApp } from '#setup/in-process'

const basket: Basket = {
  idempotencyKey: '6f1c2d9e-basket',
  lines: [
    {
      plantId: 1,
      name: 'Basil',
      single: false,
      quantity: 3,
      price: asCents(399),
      category: 'Herbs',
      discount: { amount: 100, reason: 'regular customer' }
    },
    { plantId: 2, name: 'Fern', single: true, quantity: 1, price: asCents(1250), unitPrice: 1000, priceReason: 'price match' }
  ],
  discount: { amount: 50, reason: 'loyalty' }
}

describe('baskets', () => {
  it('keeps a basket per till window in the data folder, through a restart of the server', async () => {
    const first = await createTestApp()
    expect((await first.call('GET', '/v3/baskets/window-a')).status).toBe(404)
    const put = await first.call('PUT', '/v3/baskets/window-a', basket)
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual(basket)
    await first.call('PUT', '/v3/baskets/window-b', { idempotencyKey: 'other', lines: [] })
    await first.store.close()
    // Private like the rest of the data folder, whatever the umask of whoever started the server.
    if (process.platform !== 'win32') expect((await stat(path.join(first.dir, 'baskets'))).mode & 0o777).toBe(0o700)

    const second = await createTestApp({ dir: first.dir })
    expect(await (await second.call('GET', '/v3/baskets/window-a')).json()).toEqual(basket)
    expect(await (await second.call('GET', '/v3/baskets/window-b')).json()).toEqual({ idempotencyKey: 'other', lines: [] })
  })

  it('replaces the basket on each PUT and forgets it on DELETE', async () => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/baskets/w1', basket)
    const smaller = { ...basket, lines: basket.lines.slice(0, 1), discount: undefined }
    await app.call('PUT', '/v3/baskets/w1', smaller)
    expect(await (await app.call('GET', '/v3/baskets/w1')).json()).toEqual({ idempotencyKey: basket.idempotencyKey, lines: basket.lines.slice(0, 1) })
    expect((await app.call('DELETE', '/v3/baskets/w1')).status).toBe(204)
    expect((await app.call('GET', '/v3/baskets/w1')).status).toBe(404)
    const again = await app.call('DELETE', '/v3/baskets/w1')
    expect(again.status).toBe(404)
    expect((await again.json()).detail).toContain('No open basket has id "w1"')
  })

  it('refuses a basket with a field the till could not price, naming the field, and keeps the one before', async () => {
    const app = await createTestApp()
    await app.call('PUT', '/v3/baskets/w1', basket)
    const bad = await app.call('PUT', '/v3/baskets/w1', { ...basket, lines: [{ ...basket.lines[0], quantity: 0 }] })
    expect(bad.status).toBe(400)
    const body = (await bad.json()) as { errors: { field: string; message: string }[] }
    expect(body.errors).toEqual([{ field: 'lines[0].quantity', message: expect.stringContaining('quantity (pots) must be a whole number') }])
    expect(await (await app.call('GET', '/v3/baskets/w1')).json()).toEqual(basket)
  })

  it('refuses a basket id that is not letters, digits and dashes (it names a file in the data folder)', async () => {
    const app = await createTestApp()
    const response = await app.call('PUT', '/v3/baskets/a.b', basket)
    expect(response.status).toBe(400)
    expect((await response.json()).errors[0].field).toBe('basketId')
  })

  it('answers another method with 405 and the methods allowed', async () => {
    const app = await createTestApp()
    const response = await app.call('POST', '/v3/baskets/w1', basket)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE')
  })

  it('through the typed client: none kept is undefined, forgetting none is no fault, and the receipt and refunds of a sale', async () => {
    const app = await createTestApp()
    const client = createApiClient({ baseUrl: `${app.origin}/v3`, token: TEST_TOKEN, fetch: clientFetch(app) })
    expect(await client.getBasket('w9')).toBeUndefined()
    await client.deleteBasket('w9')
    expect(await client.putBasket('w9', basket)).toEqual(basket)
    expect(await client.getBasket('w9')).toEqual(basket)
    expect(await client.salesSettings()).toEqual({ pricesIncludeTax: true, taxRates: [] })
    const { id } = await client.addPlant({ name: 'Basil', price: 3.99, quantity: 5 })
    const sale = (await client.completeSale({
      lines: [{ plantId: id, quantity: 2 }],
      payments: [{ method: 'cash', amount: 798, given: 1000 }]
    })) as Sale
    expect(await client.receiptHtml(sale.receipt, '58mm')).toContain('2 × Basil')
    await client.refundSale(sale.receipt, { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'too many' })
    expect((await client.saleRefunds(sale.receipt)).map((refund) => refund.total)).toEqual([399])
  })
})
