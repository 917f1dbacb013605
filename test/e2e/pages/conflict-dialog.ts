/** Page models of the dialogs for scripts' safety: the edit conflict and Settings (tokens). Accessible names only. */
import type { Locator, Page } from 'playwright-core'

/** "Changed elsewhere since you opened it": the plant now, mine, and the choice. */
export class ConflictDialog {
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('alertdialog', { name: 'Changed elsewhere since you opened it' })
  }

  /** [now, yours] of a field's row, by the label the form gives it (Name, Price, Stock, …). */
  async row(field: string): Promise<string[]> {
    return this.dialog
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: field, exact: true }) })
      .getByRole('cell')
      .allTextContents()
  }

  get keepTheirs(): Locator {
    return this.dialog.getByRole('button', { name: 'Keep theirs', exact: true })
  }

  get applyMine(): Locator {
    return this.dialog.getByRole('button', { name: 'Apply mine again', exact: true })
  }
}

/** Settings: the named tokens. */
export class SettingsDialog {
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' })
  }

  static async open(page: Page): Promise<SettingsDialog> {
    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click()
    const settings = new SettingsDialog(page)
    await settings.dialog.waitFor()
    return settings
  }

  /** Makes a token and returns its secret, as shown once. */
  async create(name: string, readOnly: boolean): Promise<string> {
    await this.dialog.getByLabel("New token's name").fill(name)
    if (readOnly) await this.dialog.getByRole('checkbox').check()
    await this.dialog.getByRole('button', { name: 'Create token', exact: true }).click()
    const secret = this.dialog.getByLabel(`Token for ${name}: copy it now, it is shown only this once`)
    await secret.waitFor()
    return secret.inputValue()
  }

  tokenRow(name: string): Locator {
    return this.dialog.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) })
  }

  async revoke(name: string): Promise<void> {
    await this.dialog.getByRole('button', { name: `Revoke ${name}`, exact: true }).click()
    await this.dialog.getByRole('button', { name: `Really revoke ${name}`, exact: true }).click()
    await this.tokenRow(name).waitFor({ state: 'detached' })
  }
}
