// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { ApiError } from '#shared/api-errors'
import TheLockedPage from '#renderer/components/shell/TheLockedPage.vue'
import { TOKEN_STORAGE_KEY, accessCodeIn, readConnection } from '#renderer/connection'
import { usePlantsStore } from '#renderer/stores/plants'
import { ACCESS_EXPIRED, failureText, formatUpdated, parseTags } from '#renderer/format'

describe('readConnection', () => {
  beforeEach(() => {
    sessionStorage.clear()
    delete window.plantStore
    history.replaceState(null, '', '/')
  })

  it('takes the token from the fragment, keeps it for the session and removes it from the address bar', () => {
    history.replaceState(null, '', '/?view=1#token=abc%2B123')
    const connection = readConnection()
    expect(connection).toEqual({ baseUrl: `${location.origin}/v3`, token: 'abc+123' })
    expect(location.hash).toBe('')
    expect(location.search).toBe('?view=1')
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc+123')
    expect(readConnection().token).toBe('abc+123') // a reload still has it
  })

  it('prefers what the desktop preload hands over', () => {
    window.plantStore = { token: 'from-preload', apiBaseUrl: 'http://127.0.0.1:7420/v3' }
    expect(readConnection()).toEqual({ baseUrl: 'http://127.0.0.1:7420/v3', token: 'from-preload' })
  })

  it('has no token when none was given', () => {
    expect(readConnection().token).toBeUndefined()
  })
})

describe('format helpers', () => {
  it('turns "indoor, shade" into two tags', () => {
    expect(parseTags('indoor, shade')).toEqual(['indoor', 'shade'])
    expect(parseTags(' , ,')).toEqual([])
  })

  it('shows today as a time, this year as a day, older with the year', () => {
    const now = new Date(2026, 5, 15, 18, 0)
    expect(formatUpdated(new Date(2026, 5, 15, 9, 5).toISOString(), now)).toBe('09:05')
    expect(formatUpdated(new Date(2026, 2, 3).toISOString(), now)).toBe('3 Mar')
    expect(formatUpdated(new Date(2024, 2, 3).toISOString(), now)).toBe('3 Mar 2024')
  })
})

describe('the locked page after a token rotation', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    delete window.plantStore
    sessionStorage.clear()
  })

  /** A window that showed the catalogue, then had its token refused (by the stream, a load or a save). */
  function lockedPage() {
    const plants = usePlantsStore()
    plants.phase = 'ready'
    plants.streamError = new ApiError({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Send Authorization: Bearer <token>' })
    expect(plants.locked).toBe(true)
    return mount(TheLockedPage)
  }

  it('in the desktop window points to View → Reload (the app hands the page the new token), not to plant-store serve', () => {
    window.plantStore = { token: 'old', apiBaseUrl: 'http://127.0.0.1:7420/v3' }
    const wrapper = lockedPage()
    expect(wrapper.text()).toContain('View → Reload')
    expect(wrapper.text()).not.toContain('plant-store serve')
    wrapper.unmount()
  })

  it('in a browser says the access expired in staff words (no headers), and takes a pasted code or link', async () => {
    const reload = vi.fn()
    Object.defineProperty(window.location, 'reload', { value: reload, configurable: true })
    const wrapper = lockedPage()
    expect(wrapper.find('h1').text()).toBe('This window’s access has expired')
    expect(wrapper.text()).toContain(ACCESS_EXPIRED)
    expect(wrapper.text()).not.toMatch(/Authorization|Bearer/)
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('#plant-access-code-error').text()).toContain('Paste the access code')
    expect(reload).not.toHaveBeenCalled()
    await wrapper.find('input#plant-access-code').setValue('  http://127.0.0.1:7420/#token=new%2Bcode-0123456789abcdefghijkl  ')
    await wrapper.find('form').trigger('submit')
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new+code-0123456789abcdefghijkl')
    expect(reload).toHaveBeenCalledTimes(1)
    wrapper.unmount()
  })

  it("on a till the main computer no longer accepts, says so in the till's own words, with no access form that could not help", () => {
    const plants = usePlantsStore()
    const detail =
      'The shop\'s main computer no longer accepts the till "door" (its token was revoked). Ask the owner for a new code (Settings on the main computer, or POST /v3/pairing-codes) and pair again.'
    const revoked = new ApiError({ type: PROBLEM_TYPES.tillRevoked, title: 'This till was unpaired', status: 401, detail })
    plants.loadError = revoked
    const wrapper = mount(TheLockedPage)
    expect(wrapper.find('h1').text()).toBe('This till was unpaired')
    const words =
      'The shop’s main computer no longer accepts this till. Make a new pairing code on the main computer (Settings → Let other tills connect), then connect again.'
    expect(wrapper.text()).toContain(words) // the API's call for a code (POST /v3/pairing-codes) is not for the till's staff
    expect(wrapper.text()).not.toMatch(/access link|access has expired/)
    expect(wrapper.find('form').exists()).toBe(false)
    expect(failureText(revoked)).toBe(words) // a refused save's toast says the same
    wrapper.unmount()
  })

  it('finds the code in a pasted link or takes the text as it is', () => {
    expect(accessCodeIn(' abc ')).toBe('abc')
    expect(accessCodeIn('http://x:1/#view=2&token=t%2B1')).toBe('t+1')
    expect(accessCodeIn('   ')).toBeUndefined()
  })

  it('words a refused save for a toast without the server’s talk of headers', () => {
    expect(failureText(new ApiError({ type: 'x', title: 'Unauthorized', status: 401, detail: 'Send Authorization: Bearer' }))).toBe(ACCESS_EXPIRED)
    expect(failureText(new ApiError({ type: 'x', title: 'Gone', status: 404, detail: 'No plant 4' }))).toBe('No plant 4')
  })
})
