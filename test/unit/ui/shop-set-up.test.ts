// @vitest-environment happy-dom
/**
 * The shop's set-up over the window: shown while the main computer says it is to do, to a window that may change
 * settings only (no staff yet, or the owner signed in; never a cashier, never under "Who is selling?"), and
 * "Import your products" hands over to the import dialog.
 */
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SetupState } from '#shared/first-run'
import TheShopSetUp from '#renderer/components/first-run/TheShopSetUp.vue'
import { useStaffStore } from '#renderer/stores/staff'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

const OLGA = { id: 1, name: 'Olga', role: 'owner' as const, locked: false }
const ANNA = { id: 3, name: 'Anna', role: 'staff' as const, locked: false }

let api: FakeApi
beforeEach(() => {
  api = freshDialogTest()
  vi.mocked(api.client.setupState).mockResolvedValue({ stage: 'main', shopToSetUp: true } as SetupState)
})

const mounted = async () => {
  const wrapper = mount(TheShopSetUp, { attachTo: document.body })
  await flushPromises()
  return wrapper
}
const heading = (wrapper: Awaited<ReturnType<typeof mounted>>) => wrapper.find('h1').exists() && wrapper.find('h1').text()

describe("the shop's set-up", () => {
  it('is not shown once the main computer says the shop is set up', async () => {
    vi.mocked(api.client.setupState).mockResolvedValue({ stage: 'main' })
    expect(heading(await mounted())).toBe(false)
  })

  it('is shown to the owner, not to a cashier nor while the till asks who is selling', async () => {
    vi.mocked(api.client.listStaff).mockResolvedValue({ members: [OLGA, ANNA], lockAfterMinutes: 5 })
    const staff = useStaffStore()
    await staff.load()
    const wrapper = await mounted()
    expect(heading(wrapper)).toBe(false) // locked: "Who is selling?" comes first
    staff.current = ANNA
    await flushPromises()
    expect(heading(wrapper)).toBe(false)
    staff.current = OLGA
    await flushPromises()
    expect(heading(wrapper)).toBe('Your shop')
  })

  it('asks for the import dialog after "Import your products", the set-up written', async () => {
    const wrapper = await mounted()
    await wrapper.find('#plant-set-up-shop-name').setValue('The Green Door')
    for (const step of ['Where is the shop?', 'Money and tax', 'The owner', 'How would you like to start?']) {
      if (step === 'Money and tax') await wrapper.find('#set-up-country').setValue('GB')
      await wrapper.find('form').trigger('submit')
      await flushPromises()
      expect(heading(wrapper)).toBe(step)
    }
    const importButton = wrapper.findAll('button').find((button) => button.text().startsWith('Import your products'))!
    await importButton.trigger('click')
    await flushPromises()
    expect(api.client.finishShopSetUp).toHaveBeenCalled()
    expect(api.client.setSalesSettings).toHaveBeenCalledWith(expect.objectContaining({ shopName: 'The Green Door', defaultTaxRate: 'standard' }))
    expect(wrapper.emitted('import')).toHaveLength(1)
    expect(heading(wrapper)).toBe(false)
    wrapper.unmount()
  })
})
