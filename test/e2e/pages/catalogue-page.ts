/**
 * Page model of the staff catalogue: tests speak in what staff see (accessible
 * names), never in CSS selectors, so a restyle does not break them.
 */
import type { Locator, Page } from 'playwright-core'

/** The add/edit dialog. */
export class PlantForm {
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog')
  }

  field(label: 'Name' | 'Category' | 'Tags' | 'Status'): Locator {
    return this.dialog.getByLabel(label, { exact: true })
  }

  get save(): Locator {
    return this.dialog.getByRole('button', { name: 'Save', exact: true })
  }

  /** Fills the text fields given (Tags as comma-separated text). */
  async fill(values: { name?: string; category?: string; tags?: string }): Promise<void> {
    if (values.name !== undefined) await this.field('Name').fill(values.name)
    if (values.category !== undefined) await this.field('Category').fill(values.category)
    if (values.tags !== undefined) await this.field('Tags').fill(values.tags)
  }

  /** The message shown for a field: the element its aria-describedby names last. */
  async errorOf(label: 'Name' | 'Category' | 'Tags' | 'Status'): Promise<string> {
    const ids = ((await this.field(label).getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
    const id = ids.at(-1)
    return id ? ((await this.page.locator(`[id="${id}"]`).textContent()) ?? '').trim() : ''
  }

  /** Tag chips previewed under the Tags field. */
  chips(): Promise<string[]> {
    return this.dialog.getByRole('listitem').allTextContents()
  }
}

export type FilterLabel = 'All' | 'Available' | 'Pending' | 'Sold'

export class CataloguePage {
  readonly form: PlantForm

  constructor(readonly page: Page) {
    this.form = new PlantForm(page)
  }

  /** Opens the UI at `url` (with its #token) and waits until the table has loaded. */
  static async open(page: Page, url: string): Promise<CataloguePage> {
    await page.goto(url)
    const catalogue = new CataloguePage(page)
    await catalogue.summary.waitFor()
    return catalogue
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search', exact: true })
  }

  get addPlant(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Add plant', exact: true })
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Plants' })
  }

  /** "1–100 of 10,000 plants": present once the first answer is shown. */
  get summary(): Locator {
    return this.page.getByRole('navigation', { name: 'Pages' }).locator('[data-total]')
  }

  /** The data rows (a plant's name is its row header). */
  get rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') })
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) })
  }

  /** Names in table order. */
  names(): Promise<string[]> {
    return this.table.getByRole('rowheader').allTextContents()
  }

  /** A filter option, named with its count ("Pending, 3 plants"). */
  filter(label: FilterLabel): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${label}, [\\d,]+ plants?$`) })
  }

  /** The live count of a filter option, read from its accessible name. */
  async count(label: FilterLabel): Promise<number> {
    const name = (await this.filter(label).getAttribute('aria-label')) ?? ''
    return Number(name.slice(label.length).replace(/\D/g, ''))
  }

  async counts(): Promise<Record<FilterLabel, number>> {
    return {
      All: await this.count('All'),
      Available: await this.count('Available'),
      Pending: await this.count('Pending'),
      Sold: await this.count('Sold')
    }
  }

  statusOf(name: string): Locator {
    return this.page.getByRole('combobox', { name: `Status of ${name}`, exact: true })
  }

  /** The notifications region (toasts). */
  get notifications(): Locator {
    return this.page.getByRole('region', { name: 'Notifications' })
  }

  toast(text: string | RegExp): Locator {
    return this.notifications.locator('.toast').filter({ hasText: text })
  }

  /** Matches in the table's summary (before paging). */
  async total(): Promise<number> {
    return Number(await this.summary.getAttribute('data-total'))
  }

  /**
   * Times, inside the page, from an action (filter click or a search input) to
   * the frame after the table shows `expectedTotal` matches.
   */
  async timeUpdate(action: { filter: FilterLabel } | { search: string }, expectedTotal: number): Promise<UpdateTiming> {
    return this.page.evaluate(`(${measureInPage.toString()})(${JSON.stringify({ action, expectedTotal })})`)
  }
}

/** Milliseconds from the action to the updated table (next frame), and how much of it the API request took. */
export interface UpdateTiming {
  total: number
  request: number
}

/** Runs in the page (serialised): acts, then waits for the summary to show the new total and one more frame. */
function measureInPage({ action, expectedTotal }: { action: { filter?: string; search?: string }; expectedTotal: number }): Promise<UpdateTiming> {
  const doc = (globalThis as any).document
  const perf = (globalThis as any).performance
  perf.clearResourceTimings()
  const summary = doc.querySelector('[data-total]')
  const done = new Promise<number>((resolve) => {
    const check = () => {
      if (summary.getAttribute('data-total') !== String(expectedTotal)) return false
      observer.disconnect()
      ;(globalThis as any).requestAnimationFrame(() => resolve((globalThis as any).performance.now()))
      return true
    }
    const observer = new (globalThis as any).MutationObserver(check)
    observer.observe(doc.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })
  const started = (globalThis as any).performance.now()
  if (action.filter !== undefined) {
    const radio = [...doc.querySelectorAll('input[type="radio"]')].find((input: any) =>
      input.getAttribute('aria-label').startsWith(`${action.filter},`)
    ) as any
    radio.click()
  } else {
    const search = doc.querySelector('input[type="search"]')
    search.value = action.search
    search.dispatchEvent(new (globalThis as any).Event('input', { bubbles: true }))
  }
  return done.then((finished) => {
    const requests = perf.getEntriesByType('resource').filter((entry: any) => entry.name.includes('/v3/plant?'))
    const last = requests.at(-1)
    return { total: finished - started, request: last ? last.responseEnd - last.startTime : 0 }
  })
}
