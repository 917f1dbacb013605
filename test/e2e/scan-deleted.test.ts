/**
 * Scanning the label of a plant deleted elsewhere (another window, a script, the CLI, or before a reload): the
 * till card says it was deleted, not merely that there is no such plant.
 */
import { describe, expect } from 'vitest'
import { it } from '#setup/browser-test'
import { openTill } from './pages/till-session'

describe('scanning a plant deleted elsewhere', () => {
  it('says the plant was deleted; a code no plant ever had still says "No plant"', async ({ browser }) => {
    const s = await openTill(browser, [{ name: 'Monstera deliciosa' }, { name: 'Boston fern' }])
    const page = s.watched.page
    await s.api.deletePlant(1)
    await s.scan('PS-1')
    const deleted = page.getByRole('dialog', { name: 'Plant PS-1 was deleted' })
    await deleted.waitFor()
    expect(await deleted.getByRole('alert').textContent()).toContain('It was deleted')
    await page.keyboard.press('Escape')
    await deleted.waitFor({ state: 'detached' })

    await s.scan('PS-3')
    await page.getByRole('dialog', { name: 'No plant PS-3' }).waitFor()
    await s.finish(2)
  })
})
