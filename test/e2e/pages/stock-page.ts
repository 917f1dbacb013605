/** Page model of the Stock view (Receive stock, Write off, Stock-take), by accessible names. */
import type { Locator, Page } from 'playwright-core'

/** A mode as the switch names it, and the title its form then shows. */
const TITLES = { Receive: 'Receive stock', 'Write off': 'Write off', 'Stock-take': 'Stock-take' } as const

export type StockMode = keyof typeof TITLES

export class StockPage {
  constructor(readonly page: Page) {}

  /** Shows the Stock view (the header's view switch) in `mode`, the plant field focused for a scan. */
  async open(mode: StockMode): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Stock', exact: true }).click()
    await this.page.getByRole('group', { name: 'What to do' }).getByRole('button', { name: mode }).click()
    await this.page.getByRole('heading', { name: TITLES[mode], exact: true }).waitFor()
    await this.plant.focus()
  }

  get plant(): Locator {
    return this.page.getByRole('combobox', { name: 'Plant' })
  }

  get pots(): Locator {
    return this.page.getByLabel(/^Pots (received|to write off|counted)$/)
  }

  get reason(): Locator {
    return this.page.getByLabel('Reason', { exact: true })
  }

  /** The plant picked for the line being entered. */
  get picked(): Locator {
    return this.page.locator('.stock-picked')
  }

  /** What was done here, newest first. */
  get done(): Locator {
    return this.page.getByRole('list', { name: 'Stock moved here, newest first' }).getByRole('listitem')
  }

  /** A group of the stock-take's review ("Goes up", "Not counted", …): its lines. */
  reviewGroup(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true }).getByRole('listitem')
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('button', { name })
  }
}
