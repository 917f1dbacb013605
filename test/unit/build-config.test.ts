/** The build's own output stays what a person needs to read: no timing report of Rolldown's plugins on every build. */
import { describe, expect, it } from 'vitest'
import config from '../../electron.vite.config'

describe('electron.vite.config.ts', () => {
  it.each(['main', 'preload', 'renderer'] as const)('turns off the [PLUGIN_TIMINGS] block of the %s build', (part) => {
    const build = (config as Record<string, { build?: { rollupOptions?: { checks?: { bundlerTimings?: boolean } } } }>)[part]?.build
    expect(build?.rollupOptions?.checks?.bundlerTimings).toBe(false)
  })
})
