// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '#shared/api-errors'
import TheConnectionBanner from '#renderer/components/TheConnectionBanner.vue'
import { TOKEN_STORAGE_KEY, readConnection } from '#renderer/connection'
import { usePlantsStore } from '#renderer/stores/plants'
import { formatUpdated, parseTags } from '#renderer/format'

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

describe('the banner after a token rotation', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    delete window.plantStore
  })

  function bannerFor401(): string {
    const plants = usePlantsStore()
    plants.phase = 'ready'
    plants.loadError = new ApiError({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Token not accepted' })
    const wrapper = mount(TheConnectionBanner)
    const text = wrapper.text()
    wrapper.unmount()
    return text
  }

  it('in the desktop window points to View → Reload (the app hands the page the new token), not to plant-store serve', () => {
    window.plantStore = { token: 'old', apiBaseUrl: 'http://127.0.0.1:7420/v3' }
    const text = bannerFor401()
    expect(text).toContain('View → Reload')
    expect(text).not.toContain('plant-store serve')
  })

  it('in a browser keeps pointing to the address plant-store serve printed', () => {
    expect(bannerFor401()).toContain('plant-store serve')
  })
})
