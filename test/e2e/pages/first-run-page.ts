/** The first-run screen of a computer never set up: its two choices and the connect form, by accessible names. */
import type { Locator, Page } from 'playwright-core'

export class FirstRunPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Set up Plant Store on this computer' })
  }

  get connectChoice(): Locator {
    return this.page.getByRole('button', { name: /^Connect to the shop's main computer/ })
  }

  get mainChoice(): Locator {
    return this.page.getByRole('button', { name: /^This is the shop's main computer/ })
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: "Connect to the shop's main computer" })
  }

  get address(): Locator {
    return this.form.getByLabel("Main computer's address, or scan its QR code")
  }

  field(label: 'Pairing code' | "This till's name" | 'Certificate fingerprint (SHA-256)'): Locator {
    return this.form.getByLabel(label, { exact: true })
  }

  get refusal(): Locator {
    return this.form.getByRole('alert').first()
  }

  /** What a USB scanner does with the QR code: types its text into the focused address field, then Enter. */
  async scan(text: string): Promise<void> {
    await this.address.fill('')
    await this.address.focus()
    await this.page.keyboard.insertText(text)
    await this.page.keyboard.press('Enter')
  }
}
