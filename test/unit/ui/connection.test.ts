// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { TOKEN_STORAGE_KEY, readConnection } from '../../../src-renderer/src/connection'
import { formatUpdated, parseTags } from '../../../src-renderer/src/format'

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
