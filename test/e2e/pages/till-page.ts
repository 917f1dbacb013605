/** The Till view in the browser, by accessible names: the basket, Pay, the receipt, Refund and the day. */
import type { Locator, Page } from 'playwright-core'

export class TillPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Till' }).click()
    await this.search.waitFor()
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Scan or search a plant' })
  }

  get lines(): Locator {
    return this.page.getByRole('table', { name: 'Basket' }).locator('tbody tr')
  }

  line(name: string): Locator {
    return this.lines.filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }) })
  }

  get total(): Locator {
    return this.page.getByTestId('basket-total')
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name })
  }

  /** Sets a discount on the line of `name` (or the basket) through its dialog. */
  async discount(name: string | undefined, amount: string, reason: string): Promise<void> {
    await this.page.getByRole('button', { name: name === undefined ? 'Discount on basket' : `Discount on ${name}` }).click()
    const dialog = this.dialog(name === undefined ? 'Discount on the basket' : `Discount on ${name}`)
    await dialog.getByLabel('Discount').fill(amount)
    await dialog.getByLabel('Reason').fill(reason)
    await dialog.getByLabel('Reason').press('Enter')
    await dialog.waitFor({ state: 'detached' })
  }
}
