/**
 * The first-run screen of a computer never set up: the choice between "the shop's main computer" and "connect to
 * it", and the connect form (address or scanned QR text, code, fingerprint, till name) with what was refused under
 * its field. A refusal keeps everything typed; a success opens the staff UI in the screen's place.
 */
import { defineStore } from 'pinia'
import { reactive, ref } from 'vue'
import { ApiError } from '#shared/api-client'
import { validate } from '#shared/body-rules'
import { CONNECT_BODY, readPairingText, type ConnectRequest, type SetupState } from '#shared/first-run'
import { PROBLEM_TYPES, type FieldError } from '#shared/problem'
import { api } from '#renderer/api'
import { failureText } from '#renderer/format'
import { openStaffUi } from '#renderer/connection'

/** The fields of the connect form, in its order. */
export const CONNECT_FIELDS = ['address', 'code', 'fingerprint', 'till'] as const

export const useFirstRunStore = defineStore('first-run', () => {
  /** What the screen shows: the two choices, the main computer's confirmation, or the connect form. */
  const choice = ref<'ask' | 'main' | 'connect'>('ask')
  const fields = reactive<ConnectRequest>({ address: '', code: '', fingerprint: '', till: '' })
  /** What is wrong, by field ('' for the whole request). */
  const errors = ref<Record<string, string[]>>({})
  /** The last refusal in words (the server's detail), shown above the form. */
  const refusal = ref('')
  const busy = ref(false)
  /** What the computer became meanwhile in another window or tab (told by a 409): the screen offers to open it. */
  const setUpElsewhere = ref<Exclude<SetupState, { stage: 'first-run' }>>()

  function showErrors(list: readonly FieldError[]): void {
    const byField: Record<string, string[]> = {}
    for (const { field, message } of list) (byField[field] ??= []).push(message)
    errors.value = byField
  }

  function refused(failure: unknown): void {
    const error = failure instanceof ApiError ? failure : undefined
    refusal.value = error ? failureText(error) : `Plant Store did not answer (${String(failure)}); is it still running on this computer?`
    showErrors(error?.errors ?? [])
  }

  /** A computer set up meanwhile (another window chose, or the page was reloaded) goes straight to the staff UI. */
  async function load(): Promise<void> {
    try {
      const state = await api().setupState()
      if (state.stage !== 'first-run') return openStaffUi(state)
      if (fields.till === '') fields.till = state.suggestedTill
    } catch (failure) {
      refused(failure)
    }
  }

  /**
   * What was typed or scanned into the address field: the pairing QR code (`plant-store://pair?…`) fills address,
   * code and fingerprint; an address stays as it is. True when it was a QR code.
   */
  function takeScan(): boolean {
    const read = readPairingText(fields.address)
    const scanned = read.code !== undefined || read.fingerprint !== undefined
    Object.assign(fields, read)
    return scanned
  }

  /** After "set up already": what the computer became, when the other window's choice is made (not while it is being made). */
  async function learnWhatItBecame(failure: unknown): Promise<void> {
    if (!(failure instanceof ApiError) || failure.type !== PROBLEM_TYPES.setUpAlready) return
    try {
      const state = await api().setupState()
      if (state.stage !== 'first-run') setUpElsewhere.value = state
    } catch {
      // The refusal's words stay; "Check again" asks once more.
    }
  }

  async function run(action: () => Promise<SetupState>): Promise<void> {
    busy.value = true
    refusal.value = ''
    try {
      openStaffUi(await action())
    } catch (failure) {
      refused(failure)
      await learnWhatItBecame(failure)
    } finally {
      busy.value = false
    }
  }

  /** "This is the shop's main computer". */
  const becomeMain = () => run(() => api().becomeMain())

  /** "Connect": checked here with the server's own rules first, then sent. */
  async function connect(): Promise<void> {
    takeScan()
    const request = {
      ...fields,
      address: fields.address.trim(),
      code: fields.code.trim(),
      fingerprint: fields.fingerprint.trim(),
      till: fields.till.trim()
    }
    const checked = validate(CONNECT_BODY, request)
    if (!checked.ok) {
      refusal.value = ''
      return showErrors(checked.errors)
    }
    errors.value = {}
    await run(() => api().connectToMain(checked.value))
  }

  return { choice, fields, errors, refusal, busy, setUpElsewhere, load, takeScan, becomeMain, connect }
})
