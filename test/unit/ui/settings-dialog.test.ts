// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import TheBackupStatus from '#renderer/components/settings/TheBackupStatus.vue'
import TheSettingsDialog from '#renderer/components/settings/TheSettingsDialog.vue'
import { useToastsStore } from '#renderer/stores/toasts'
import { useShopStore } from '#renderer/stores/shop'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  api = freshDialogTest()
})

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const button = (wrapper: ReturnType<typeof mount>, text: string) => wrapper.findAll('button').find((found) => found.text() === text)!

describe('TheSettingsDialog', () => {
  it('makes a read-only token, shows its secret once, lists it and revokes it on a second click', async () => {
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.text()).toContain('No tokens yet.')
    await wrapper.find('#token-name').setValue('till-1')
    await wrapper.find('input[type="checkbox"]').setValue(true)
    await wrapper.find('form.settings-new-token').trigger('submit')
    await flushPromises()
    expect(api.client.createToken).toHaveBeenCalledWith('till-1', 'read-only')
    expect((wrapper.find('#new-token').element as HTMLInputElement).value).toBe('secret-of-till-1-0123456789abcdefghijklmnop')
    const row = wrapper.find('tbody tr')
    expect(
      row
        .findAll('th, td')
        .slice(0, 2)
        .map((cell) => cell.text())
    ).toEqual(['till-1', 'Read only'])
    expect(row.text()).toContain('never')
    expect(row.text()).not.toContain('secret-of')

    await button(wrapper, 'Revoke').trigger('click')
    expect(api.client.revokeToken).not.toHaveBeenCalled()
    await button(wrapper, 'Really revoke?').trigger('click')
    await flushPromises()
    expect(api.client.revokeToken).toHaveBeenCalledWith('till-1')
    expect(wrapper.find('tbody').exists()).toBe(false)
  })

  it('checks the name with the shared rule before asking the server', async () => {
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#token-name').setValue('owner')
    await wrapper.find('form.settings-new-token').trigger('submit')
    expect(wrapper.find('#token-name-error').text()).toMatch(/name of the owner's own token/)
    expect(api.client.createToken).not.toHaveBeenCalled()
  })

  it("tells a session opened with another token than the owner's that it may not manage tokens", async () => {
    const detail = 'Only the owner\'s token may manage tokens; this request came with the token "till-1".'
    vi.mocked(api.client.listTokens).mockRejectedValueOnce(new ApiError({ type: 'x', title: 'Forbidden', status: 403, detail }))
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.find('[role="alert"]').text()).toBe(detail)
    expect(wrapper.find('form').exists()).toBe(false)
  })
})

const refused = (detail: string) =>
  new ApiError({ type: 'urn:plant-store:problem:invalid-input', title: 'Backup folder refused', status: 422, detail })

describe('Settings: the backup folder', () => {
  it('shows the folder set, saves a new one through the server and clears it', async () => {
    const last = { at: new Date().toISOString(), dir: '/media/usb', file: '/media/usb/plants-x.json' }
    vi.mocked(api.client.backupStatus).mockResolvedValueOnce({ dir: '/media/usb', present: true, last })
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    const input = wrapper.find('#backup-dir')
    expect((input.element as HTMLInputElement).value).toBe('/media/usb')
    expect(wrapper.text()).toMatch(/Last backup: today \d{2}:\d{2} on \/media\/usb/)
    expect(button(wrapper, 'Save folder').attributes('disabled')).toBeDefined() // nothing changed yet

    await input.setValue('  /mnt/share/ShopStore ')
    await wrapper.find('form.settings-backup-folder').trigger('submit')
    await flushPromises()
    expect(api.client.setBackupFolder).toHaveBeenCalledWith('/mnt/share/ShopStore')
    expect(useToastsStore().toasts.at(-1)?.message).toBe('Backups now also go to /mnt/share/ShopStore')

    await button(wrapper, 'Stop backing up there').trigger('click')
    await flushPromises()
    expect(api.client.setBackupFolder).toHaveBeenLastCalledWith(null)
    expect((input.element as HTMLInputElement).value).toBe('')
    expect(wrapper.text()).toContain('No backup folder is set')
    expect(wrapper.findAll('button').some((found) => found.text() === 'Back up now')).toBe(false)
  })

  it('shows the warning the server gives about a folder other accounts can write into', async () => {
    const warning = 'the backup folder /srv/share is shared: every account on this computer may write into it (mode 0777)'
    vi.mocked(api.client.backupStatus).mockResolvedValueOnce({ dir: '/srv/share', present: true, last: null, warnings: [warning] })
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.find('.settings-backup-folder [role="status"]').text()).toBe(`Warning: ${warning}.`)
  })

  it('updates the "Last backup" line under the filter at once when the folder changes', async () => {
    const line = mount(TheBackupStatus, { attachTo: document.body })
    await flushPromises()
    expect(line.text()).toBe('')
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    vi.mocked(api.client.backupStatus).mockResolvedValue({ dir: '/media/usb', present: true, last: null })
    await wrapper.find('#backup-dir').setValue('/media/usb')
    await wrapper.find('form.settings-backup-folder').trigger('submit')
    await flushPromises()
    expect(line.text()).toBe('No backup in /media/usb yet; one is made when the app quits.')
  })

  it('keeps what the owner typed when the folder status arrives after they started typing', async () => {
    let answer!: (status: { dir: string; present: boolean; last: null }) => void
    vi.mocked(api.client.backupStatus).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await wrapper.find('#backup-dir').setValue('/media/usb/new')
    answer({ dir: '/media/usb', present: true, last: null })
    await flushPromises()
    expect((wrapper.find('#backup-dir').element as HTMLInputElement).value).toBe('/media/usb/new')
    expect(button(wrapper, 'Save folder').attributes('disabled')).toBeUndefined()
  })

  it("shows the server's reason when a folder cannot be used, and keeps the setting", async () => {
    const detail = 'The backup folder was not changed: /media/usb/gone does not exist: plug in the drive, or create the folder first.'
    vi.mocked(api.client.setBackupFolder).mockRejectedValueOnce(refused(detail))
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#backup-dir').setValue('/media/usb/gone')
    await wrapper.find('form.settings-backup-folder').trigger('submit')
    await flushPromises()
    expect(wrapper.find('#backup-dir-error').text()).toBe(detail)
    expect(wrapper.find('#backup-dir').attributes('aria-invalid')).toBe('true')
    expect(wrapper.text()).toContain('No backup folder is set')
  })

  it('backs up now and says where, or why not', async () => {
    vi.mocked(api.client.backupStatus).mockResolvedValue({ dir: '/media/usb', present: true, last: null })
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await button(wrapper, 'Back up now').trigger('click')
    await flushPromises()
    expect(api.client.backUpToFolder).toHaveBeenCalledTimes(1)
    expect(useToastsStore().toasts.at(-1)?.message).toBe('Backed up 0 plants to /media/usb/plants-2026-03-01T10-00-00-000Z.json')

    vi.mocked(api.client.backUpToFolder).mockRejectedValueOnce(
      refused('No backup was made: could not back up into /media/usb: the folder is missing.')
    )
    await button(wrapper, 'Back up now').trigger('click')
    await flushPromises()
    expect(wrapper.find('#backup-dir-error').text()).toMatch(/^No backup was made: .*the folder is missing/)
  })

  it("is not offered to a session opened with another token than the owner's", async () => {
    vi.mocked(api.client.listTokens).mockRejectedValueOnce(new ApiError({ type: 'x', title: 'Forbidden', status: 403, detail: 'Only the owner…' }))
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.find('#backup-dir').exists()).toBe(false)
  })
})

describe("Settings: the shop's currency", () => {
  it('sets the currency through the server, shows an example price in it, and every price follows', async () => {
    const shop = useShopStore()
    shop.set({ currency: 'EUR', locale: 'de-DE' })
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    const select = wrapper.find('#shop-currency')
    expect((select.element as HTMLSelectElement).value).toBe('EUR')
    expect(nbsp(wrapper.find('#shop-currency-example').text())).toContain('Prices show as 1.234,50 €')
    expect(button(wrapper, 'Save currency').attributes('disabled')).toBeDefined()
    await select.setValue('GBP')
    expect(nbsp(wrapper.find('#shop-currency-example').text())).toContain('Prices show as 1.234,50 £')
    await wrapper.find('form.settings-shop').trigger('submit')
    await flushPromises()
    expect(api.client.setShopSettings).toHaveBeenCalledWith({ currency: 'GBP' })
    expect(shop.money.currency).toBe('GBP')
    expect(useToastsStore().toasts.at(-1)?.message).toMatch(/^Prices are now in British Pound: /)
    wrapper.unmount()
  })

  it("says why the server refused the change and keeps the shop's currency", async () => {
    vi.mocked(api.client.setShopSettings).mockRejectedValueOnce(
      new ApiError({ type: 'about:blank', title: 'Forbidden', status: 403, detail: "Only the owner's token may change the shop's currency." })
    )
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#shop-currency').setValue('CHF')
    await wrapper.find('form.settings-shop').trigger('submit')
    await flushPromises()
    expect(wrapper.find('#shop-currency-error').text()).toBe("The currency was not changed: Only the owner's token may change the shop's currency.")
    expect(useShopStore().money.currency).toBe('EUR')
    wrapper.unmount()
  })
})

describe('Settings: let other tills connect', () => {
  const FINGERPRINT = Array.from({ length: 32 }, () => 'AB').join(':')

  it('saves the address and lets other tills connect there at once, then stops at a click', async () => {
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(button(wrapper, 'Make a pairing code')).toBeUndefined()
    expect(button(wrapper, 'Stop letting other tills connect')).toBeUndefined()
    await wrapper.find('#lan-address').setValue('192.168.1.20')
    await wrapper.find('form.settings-other-tills').trigger('submit')
    await flushPromises()
    expect(api.client.setLanSettings).toHaveBeenCalledWith({ address: '192.168.1.20', port: 7421 })
    expect(wrapper.text()).toContain('Other tills connect at https://192.168.1.20:7421')
    // The firewall's question comes at the first connection: said where the owner turns tills on, not after a timeout.
    expect(wrapper.text()).toMatch(/Windows \(or macOS\) may ask whether Plant Store may accept connections: allow it/)
    expect(wrapper.text()).not.toMatch(/restart/i)
    expect(button(wrapper, 'Make a pairing code')).toBeDefined()
    await button(wrapper, 'Stop letting other tills connect').trigger('click')
    await flushPromises()
    expect(api.client.stopLan).toHaveBeenCalled()
    expect(button(wrapper, 'Make a pairing code')).toBeUndefined()
    expect((wrapper.find('#lan-address').element as HTMLInputElement).value).toBe('')
    wrapper.unmount()
  })

  it('puts a port this computer cannot listen on under the port field, keeping what was there', async () => {
    vi.mocked(api.client.setLanSettings).mockRejectedValueOnce(
      new ApiError({
        type: 'urn:plant-store:problem:lan-not-listening',
        title: 'Other tills cannot connect there',
        status: 409,
        detail: 'Nothing was changed, other tills connect as before: …',
        errors: [{ field: 'port', message: 'port 8443 on 192.168.1.20 is in use by another program; choose another port' }]
      })
    )
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#lan-address').setValue('192.168.1.20')
    await wrapper.find('#lan-port').setValue('8443')
    await wrapper.find('form.settings-other-tills').trigger('submit')
    await flushPromises()
    expect(api.client.setLanSettings).toHaveBeenCalledWith({ address: '192.168.1.20', port: 8443 })
    expect(wrapper.find('#lan-port-error').text()).toBe('Not saved: port 8443 on 192.168.1.20 is in use by another program; choose another port')
    expect(wrapper.find('#lan-address-error').exists()).toBe(false)
    wrapper.unmount()
  })

  it("puts the server's words for a refused address under the field", async () => {
    vi.mocked(api.client.setLanSettings).mockRejectedValueOnce(
      new ApiError({
        type: 'x',
        title: 'Invalid input',
        status: 400,
        detail: 'The LAN setting was not changed: …',
        errors: [{ field: 'address', message: 'choose one address of this computer (e.g. 192.168.1.20), not every network at once' }]
      })
    )
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    await wrapper.find('#lan-address').setValue('0.0.0.0')
    await wrapper.find('form.settings-other-tills').trigger('submit')
    await flushPromises()
    expect(wrapper.find('#lan-address-error').text()).toBe(
      'Not saved: choose one address of this computer (e.g. 192.168.1.20), not every network at once'
    )
    wrapper.unmount()
  })

  it('shows where tills connect and the fingerprint, and makes a pairing code with the command that pairs a till', async () => {
    const url = 'https://192.168.1.20:7421'
    vi.mocked(api.client.lanSettings).mockResolvedValueOnce({ address: '192.168.1.20', port: 7421, url, fingerprint: FINGERPRINT, listening: true })
    vi.mocked(api.client.makePairingCode).mockResolvedValueOnce({
      code: '1234-5678',
      expiresAt: '2026-03-01T10:10:00Z',
      address: url,
      fingerprint: FINGERPRINT,
      qr: `plant-store://pair?address=x&code=1234-5678&fingerprint=y`
    })
    const wrapper = mount(TheSettingsDialog, { attachTo: document.body })
    await flushPromises()
    expect(wrapper.text()).toContain(`Other tills connect at ${url}`)
    expect(wrapper.find('.settings-fingerprint').text()).toContain(FINGERPRINT)
    await button(wrapper, 'Make a pairing code').trigger('click')
    await flushPromises()
    expect(wrapper.find('.settings-pairing-code').text()).toContain('Pairing code 1234-5678')
    expect(wrapper.find('.settings-pairing-command').text()).toBe(`plant-store pair ${url} --code 1234-5678 --fingerprint ${FINGERPRINT}`)
    expect(wrapper.find('.settings-pairing-qr svg').attributes('aria-label')).toBe(
      'QR code plant-store://pair?address=x&code=1234-5678&fingerprint=y'
    )
    wrapper.unmount()
  })
})
