/** The first-run screen's store: a scan fills the form, a refusal keeps it and names the field, a success opens the staff UI. */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-errors'
import { pairingQrText } from '#shared/lan'
import { PROBLEM_TYPES } from '#shared/problem'
import { useApiClient } from '#renderer/api'
import { openStaffUi } from '#renderer/connection'
import { useFirstRunStore } from '#renderer/stores/first-run'
import { fakeApi } from './_fake-api'

vi.mock('#renderer/connection', async (original) => ({ ...(await original<object>()), openStaffUi: vi.fn() }))

const FINGERPRINT = 'AB:'.repeat(31) + 'AB'
const QR = pairingQrText('https://192.168.1.20:7421', '1234-5678', FINGERPRINT)

describe('the first-run screen', () => {
  let api: ReturnType<typeof fakeApi>
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.mocked(openStaffUi).mockClear()
    api = fakeApi()
    vi.mocked(api.client.setupState).mockResolvedValue({ stage: 'first-run', suggestedTill: 'back-room' })
    useApiClient(api.client)
  })

  it("offers this computer's name as the till's, and a scan fills address, code and fingerprint", async () => {
    const firstRun = useFirstRunStore()
    await firstRun.load()
    firstRun.fields.address = QR
    expect(firstRun.takeScan()).toBe(true)
    expect({ ...firstRun.fields }).toEqual({ address: 'https://192.168.1.20:7421', code: '1234-5678', fingerprint: FINGERPRINT, till: 'back-room' })
  })

  it('keeps everything typed after a refusal, says it above the form and under its field, and stays on the screen', async () => {
    const firstRun = useFirstRunStore()
    await firstRun.load()
    Object.assign(firstRun.fields, { address: QR })
    const detail = 'Not connected: This pairing code is wrong or was used already (each code pairs one till, once).'
    vi.mocked(api.client.connectToMain).mockRejectedValue(
      new ApiError({
        type: PROBLEM_TYPES.pairingRefused,
        title: 'Not connected',
        status: 403,
        detail,
        errors: [{ field: 'code', message: 'refused' }]
      })
    )
    await firstRun.connect()
    expect(firstRun.refusal).toBe(detail)
    expect(firstRun.errors).toEqual({ code: ['refused'] })
    expect(firstRun.fields.code).toBe('1234-5678')
    expect(openStaffUi).not.toHaveBeenCalled()
  })

  it('refuses an http:// address before sending anything, with the server’s own words', async () => {
    const firstRun = useFirstRunStore()
    await firstRun.load()
    Object.assign(firstRun.fields, { address: 'http://192.168.1.20:7421', code: '1234-5678', fingerprint: FINGERPRINT })
    await firstRun.connect()
    expect(firstRun.errors.address?.[0]).toMatch(/must start with https:\/\//)
    expect(api.client.connectToMain).not.toHaveBeenCalled()
  })

  it("says what is wrong with the till's name in words about the till, not a token", async () => {
    const firstRun = useFirstRunStore()
    await firstRun.load()
    Object.assign(firstRun.fields, { address: QR, till: '' })
    await firstRun.connect()
    expect(firstRun.errors.till).toEqual(['give this till a name, e.g. till-1 or door'])
    firstRun.fields.till = 'back room'
    await firstRun.connect()
    expect(firstRun.errors.till?.[0]).toMatch(/^a till's name holds only letters, digits/)
    expect(api.client.connectToMain).not.toHaveBeenCalled()
  })

  it('opens the staff UI once connected, and at once when the computer is set up already', async () => {
    const firstRun = useFirstRunStore()
    await firstRun.load()
    firstRun.fields.address = QR
    await firstRun.connect()
    expect(api.client.connectToMain).toHaveBeenCalledWith({
      address: 'https://192.168.1.20:7421',
      code: '1234-5678',
      fingerprint: FINGERPRINT,
      till: 'back-room'
    })
    expect(openStaffUi).toHaveBeenCalledWith({ stage: 'till', primary: 'https://127.0.0.1:7421', till: 'door' })

    vi.mocked(api.client.setupState).mockResolvedValue({ stage: 'main' })
    await useFirstRunStore().load()
    expect(openStaffUi).toHaveBeenLastCalledWith({ stage: 'main' })
  })
})
