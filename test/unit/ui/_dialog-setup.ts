/** A fresh Pinia and fake API for a dialog's component test, with showModal where happy-dom lacks it. */
import { createPinia, setActivePinia } from 'pinia'
import { useApiClient } from '#renderer/api'
import { fakeApi, type FakeApi } from './_fake-api'

/** Call in beforeEach: installs a fresh store and fake API client and returns the fake. */
export function freshDialogTest(): FakeApi {
  setActivePinia(createPinia())
  const api = fakeApi()
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  return api
}
