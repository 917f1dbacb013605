/**
 * What the shop's main computer answers at /v3/setup: set up, and whether the shop's own set-up (name, country,
 * tax, owner, first plants) is still to do. The first run writes `shopSetUp: 'pending'` in settings.json when it
 * becomes the main computer; POST /v3/setup/shop records it done, so the staff UI shows the set-up until then, after
 * a restart too, and never on a folder set up before (no key: nothing to do).
 */
import type { SetupState } from '#shared/first-run'
import type { SettingsOwner } from '#settings/settings-owner'
import type { SetupAdmin } from './setup-admin'

/** The main computer's setup answers, over its settings. */
export function mainComputerSetup(settings: SettingsOwner, now: () => Date = () => new Date()): SetupAdmin {
  return {
    async state(): Promise<SetupState> {
      return (await settings.read()).shopSetUp === 'pending' ? { stage: 'main', shopToSetUp: true } : { stage: 'main' }
    },
    async finishShopSetUp(): Promise<SetupState> {
      await settings.change((stored) => {
        stored.shopSetUp = { doneAt: now().toISOString() }
      })
      return { stage: 'main' }
    }
  }
}
