import { describe, expect, it } from 'vitest'
import { DEFAULT_PORT, parsePort, resolveDataDir, resolvePort, tokenFromEnv } from '#app/config'
import { ConfigError } from '#settings/errors'
import { defaultDataDir } from '#app/paths'
import { describeStartFailure } from '#app/start-failure'

describe('the settings both entry points resolve the same way', () => {
  it('takes the port from the flag, else PLANT_STORE_PORT, else the default', () => {
    expect(resolvePort('8000', { PLANT_STORE_PORT: '9000' })).toBe(8000)
    expect(resolvePort(undefined, { PLANT_STORE_PORT: '9000' })).toBe(9000)
    expect(resolvePort(undefined, { PLANT_STORE_PORT: '' })).toBe(DEFAULT_PORT)
    expect(resolvePort(undefined, {})).toBe(DEFAULT_PORT)
    expect(resolvePort('0', {})).toBe(0)
  })

  it.each(['-1', '65536', '80a', '', ' 80', '1e3'])('refuses port %j, naming where it came from', (raw) => {
    expect(() => parsePort(raw, 'PLANT_STORE_PORT')).toThrow(ConfigError)
    expect(() => resolvePort(undefined, { PLANT_STORE_PORT: raw || 'x' })).toThrow(/PLANT_STORE_PORT must be a port number from 0 to 65535/)
    expect(() => resolvePort(raw, {})).toThrow(/--port must be a port number/)
  })

  it('takes the data folder from the flag, else PLANT_STORE_DATA, else the per-user default', () => {
    expect(resolveDataDir('/from/flag', { PLANT_STORE_DATA: '/from/env' })).toBe('/from/flag')
    expect(resolveDataDir(undefined, { PLANT_STORE_DATA: '/from/env' })).toBe('/from/env')
    const env = { XDG_CONFIG_HOME: '/home/someone/.config', APPDATA: 'C:\\Users\\someone\\AppData\\Roaming' }
    expect(resolveDataDir(undefined, env)).toBe(defaultDataDir(env))
  })

  it('takes a token from PLANT_STORE_TOKEN only when it is set and not empty', () => {
    expect(tokenFromEnv({ PLANT_STORE_TOKEN: 'x'.repeat(40) })).toBe('x'.repeat(40))
    expect(tokenFromEnv({ PLANT_STORE_TOKEN: '' })).toBeUndefined()
    expect(tokenFromEnv({})).toBeUndefined()
  })

  it('words a bad setting as a refused start a person can fix (the desktop dialog shows it)', () => {
    const error = (() => {
      try {
        resolvePort(undefined, { PLANT_STORE_PORT: 'seventy' })
      } catch (caught) {
        return caught
      }
    })()
    expect(describeStartFailure(error)).toBe('PLANT_STORE_PORT must be a port number from 0 to 65535; got "seventy"')
  })
})
