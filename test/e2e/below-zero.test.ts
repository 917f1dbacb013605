/**
 * Lines below zero in Chromium against a real server: sales made offline at a till (sent as its outbox sends them)
 * take two lines below zero and a single plant sold twice; the catalogue shows the notice naming the till, leads to the
 * lines, marks them (whole, in the narrow Stock column of a 1366 px laptop), and a count of each line, the status of the
 * single plant, clears the notice.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { NamedTokenRegistry } from '#auth/named-token-registry'
import { createApiClient } from '#shared/api-client'
import { openPage } from '#setup/browser'
import { startServe } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { axeViolations } from './pages/axe'
import { BelowZeroNotice } from './pages/below-zero-notice'
import { CataloguePage } from './pages/catalogue-page'

describe('lines below zero (Chromium)', () => {
  it('a calm notice names the till, leads to the lines, marks them whole, and counting them (a single plant: its status) clears it', async ({
    browser
  }) => {
    const dir = await makeTempDir()
    const tokens = await NamedTokenRegistry.open(dir)
    const till = (await tokens.add('till-2', 'read-write', 'till'))!.token
    await tokens.close()
    const server = await startServe(dir)
    const api = createApiClient({ baseUrl: server.baseUrl, token: server.token })
    const fern = await api.addPlant({ name: 'Boston fern', price: 4, quantity: 1 })
    const moss = await api.addPlant({ name: 'Moss', price: 2, quantity: 0 })
    const bonsai = await api.addPlant({ name: 'Bonsai', price: 30, status: 'sold' }) // a single plant, sold here already
    const sale = (plantId: number, quantity: number, amount: number) => ({ lines: [{ plantId, quantity }], payments: [{ method: 'card', amount }] })
    const sent = await fetch(`${server.baseUrl}/offline-sales`, {
      method: 'POST',
      headers: { authorization: `Bearer ${till}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sales: [
          { key: 'a', madeAt: '2026-11-28T09:30:00.000Z', sale: sale(fern.id!, 3, 1200) },
          { key: 'b', madeAt: '2026-11-28T09:31:00.000Z', sale: sale(moss.id!, 1, 200) },
          { key: 'c', madeAt: '2026-11-28T09:32:00.000Z', sale: sale(bonsai.id!, 1, 3000) }
        ]
      })
    })
    expect(sent.status).toBe(200)

    // The laptop size where the Stock column is narrowest before Updated gives it room.
    const watched = await openPage(browser, { width: 1366, height: 768 })
    const page = watched.page
    await CataloguePage.open(page, server.uiUrl)
    const notice = new BelowZeroNotice(page)
    await expect
      .poll(() => notice.sentence.textContent())
      .toMatch(/3 lines went below zero through sales made offline at till-2 — count them, or set a single plant's status\./)
    const fernRow = page.getByRole('row').filter({ hasText: 'Boston fern' })
    const bonsaiRow = page.getByRole('row').filter({ hasText: 'Bonsai' })
    await expect.poll(() => fernRow.getByText('count it').count()).toBe(1)
    await expect.poll(() => bonsaiRow.getByText('sold twice').count()).toBe(1)
    expect(await BelowZeroNotice.markDrawnWhole(fernRow)).toBe(true)
    expect(await BelowZeroNotice.markDrawnWhole(bonsaiRow)).toBe(true)
    await notice.showLines.click()
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Boston fern:' }).textContent())
      .toMatch(/-2 in stock, since receipt 1 at till-2/)
    expect(await axeViolations(page)).toEqual([])

    await notice.count('Boston fern', 4)
    await expect.poll(() => notice.sentence.textContent()).toMatch(/^2 lines went below zero/)
    await notice.count('Moss', 0)
    await expect.poll(() => notice.sentence.textContent()).toMatch(/^1 line went below zero .* — set its status\./)
    expect(await page.getByLabel('Pots counted for Bonsai').count()).toBe(0) // a single plant has nothing to count
    await notice.setStatus('Bonsai', 'Sold')
    await expect.poll(() => notice.sentence.count()).toBe(0)
    await expect.poll(() => fernRow.getByText('count it').count()).toBe(0)
    expect((await api.getPlant(fern.id!)).quantity).toBe(4)
    expect(await api.getPlant(bonsai.id!)).toMatchObject({ status: 'sold' })
    expect((await api.getPlant(bonsai.id!)).quantity).toBeUndefined() // still a single plant
    expect(watched.problems).toEqual([])
    await watched.context.close()
  })
})
