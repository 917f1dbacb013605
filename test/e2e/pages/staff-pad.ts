/** Page model of "Who is selling?" (the PIN pad) and the member shown in the header. */
import type { Locator, Page } from 'playwright-core'

export class StaffPad {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Who is selling?' })
  }

  member(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`\\b${name}\\b`) })
  }

  pinField(name: string): Locator {
    return this.page.getByLabel(`PIN for ${name}`)
  }

  /** Taps `digits` on the pad, then OK. */
  async tap(digits: string): Promise<void> {
    const pad = this.page.getByRole('group', { name: 'PIN pad' })
    for (const digit of digits) await pad.getByRole('button', { name: digit, exact: true }).click()
    await pad.getByRole('button', { name: 'OK', exact: true }).click()
  }

  get alert(): Locator {
    return this.page.locator('#staff-pin-error')
  }

  /** The header's button of the member at the till. */
  signedIn(name: string): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: `${name} F8: signed in. Switch member`, exact: true })
  }
}
