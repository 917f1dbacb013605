/** The notice of lines below zero (TheBelowZeroNotice.vue), by accessible names. */
import type { Locator, Page } from 'playwright-core'

export class BelowZeroNotice {
  constructor(private readonly page: Page) {}

  /** The notice's sentence ("2 lines went below zero through sales made offline at till-2 — count them."). */
  get sentence(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'went below zero' })
  }

  get showLines(): Locator {
    return this.page.getByRole('button', { name: 'Show the lines' })
  }

  /** Types the pots found for `name` and saves the count. */
  async count(name: string, pots: number): Promise<void> {
    await this.page.getByLabel(`Pots counted for ${name}`).fill(String(pots))
    await this.page
      .getByRole('listitem')
      .filter({ hasText: `${name}:` })
      .getByRole('button', { name: 'Save count' })
      .click()
  }

  /** Chooses the status of the single plant `name` (sold twice: nothing to count) and saves it. */
  async setStatus(name: string, status: string): Promise<void> {
    await this.page.getByLabel(`Status of ${name} (sold twice)`).selectOption({ label: status })
    await this.page
      .getByRole('listitem')
      .filter({ hasText: `${name}:` })
      .getByRole('button', { name: 'Save status' })
      .click()
  }

  /** True when the catalogue row's below-zero mark and its number are drawn whole inside their Stock cell (nothing cut off). */
  static markDrawnWhole(row: Locator): Promise<boolean> {
    return row.locator('.below-zero-mark').evaluate((mark) => {
      const cell = mark.closest('td')!
      const [outer, inner] = [cell.getBoundingClientRect(), mark.getBoundingClientRect()]
      return inner.left >= outer.left && inner.right <= outer.right && cell.scrollWidth <= cell.clientWidth && mark.scrollWidth <= mark.clientWidth
    })
  }
}
