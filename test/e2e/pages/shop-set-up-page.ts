/** The shop's set-up after a first run chose "main computer", by accessible names: its screens, fields and choices. */
import type { Locator, Page } from 'playwright-core'

export class ShopSetUpPage {
  constructor(readonly page: Page) {}

  heading(title: string): Locator {
    return this.page.getByRole('heading', { name: title, exact: true })
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true })
  }

  get next(): Locator {
    return this.page.getByRole('button', { name: 'Next', exact: true })
  }

  /** The "Printed as" names of the tax rates on the tax screen, in order. */
  async rateNames(): Promise<string[]> {
    const fields = this.page.getByLabel('Printed as', { exact: true })
    return Promise.all((await fields.all()).map((field) => field.inputValue()))
  }

  start(name: 'Import your products' | 'Start with a few sample plants to try' | 'Start empty'): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${name}`) })
  }
}
