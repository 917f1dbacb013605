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

  get errors(): Locator {
    return this.dialog.getByRole('alert')
  }
}
