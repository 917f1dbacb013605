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
}
