/** Page model of the Export menu and the Import dialog, by accessible names. */
import type { Locator, Page } from 'playwright-core'

export class TransferPanel {
  constructor(readonly page: Page) {}

  /** Picks `choice` (e.g. "CSV — all plants") in the Export menu and resolves with the downloaded file's name and text. */
  async export(choice: string): Promise<{ name: string; text: string }> {
    await this.page.getByRole('button', { name: 'Export' }).click()
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('menuitem', { name: choice }).click()])
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') }
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Import plants' })
  }

  /** Opens the Import dialog, chooses a file with `text`, and waits for the preview's counts. */
  async preview(name: string, text: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Import', exact: true }).click()
    await this.dialog
      .getByLabel('File to import')
      .setInputFiles({ name, mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv', buffer: Buffer.from(text) })
    const counts = this.dialog.locator('.import-counts')
    await counts.waitFor()
    return (await counts.textContent())!.trim().replace(/\s+/g, ' ')
  }

  /** Opens the Import dialog and chooses the file `name` holding `bytes`; resolves once its preview is shown. */
  async choose(name: string, bytes: Uint8Array): Promise<void> {
    await this.page.getByRole('button', { name: 'Import', exact: true }).click()
    await this.dialog.getByLabel('File to import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(bytes) })
    await this.counts.waitFor()
  }

  /** The preview's counts line. */
  get counts(): Locator {
    return this.dialog.locator('.import-counts')
  }

  /** The mapping step (a disclosure: open unless the sheet's mapping is remembered). */
  get mapping(): Locator {
    return this.dialog.locator('details.import-mapping')
  }

  /** The mapping step's own summary line (which system wrote the file, or that the mapping is remembered). */
  get mappingSummary(): Locator {
    return this.mapping.locator(':scope > summary')
  }

  /** What the column `heading` becomes, as its select shows it. */
  columnTarget(heading: string): Locator {
    return this.mapping.getByLabel(heading, { exact: true })
  }

  get errors(): Locator {
    return this.dialog.getByRole('alert')
  }
}
