/** Starts a DesktopApp (with electron mocked by the test file) on a temporary data folder. */
import { EventEmitter } from 'node:events'
import { onTestFinished } from 'vitest'
import type { RunningService } from '#app/service'
import { DesktopApp, type DesktopAppOptions } from '#desktop/desktop-app'
import { FakeBrowserWindow } from './_electron-fake'

/**
 * Runs a desktop app on `dataDir` (any free port unless `env` says otherwise);
 * stops its service after the test. Stop signals go to `options.signals`, a
 * stand-in of the process by default (`process.emit('SIGINT')` would reach the
 * test runner too).
 */
export async function runDesktop(dataDir: string, options: Partial<DesktopAppOptions> = {}): Promise<DesktopApp> {
  const desktop = new DesktopApp({
    env: { PLANT_STORE_DATA: dataDir, PLANT_STORE_PORT: '0' },
    version: '1.2.3',
    preload: '/app/out/preload/index.cjs',
    uiDir: '/app/out/renderer',
    platform: 'linux',
    signals: new EventEmitter(),
    // The stand-in's single-instance lock is a link, as Chromium's: a refusal on this disk means another copy.
    holdsLinks: () => true,
    ...options
  })
  onTestFinished(() => desktop.service?.stop())
  await desktop.run()
  return desktop
}

/** The staff UI window the app opened. */
export function mainWindow(): FakeBrowserWindow {
  const window = FakeBrowserWindow.created[0]
  if (!window) throw new Error('no window was opened')
  return window
}

/** The catalogue of the desktop app's running service (a main computer's: these tests start on a catalogue). */
export function storeOf(desktop: DesktopApp): RunningService['store'] {
  const service = desktop.service as RunningService | undefined
  if (!service) throw new Error('no service runs')
  return service.store
}
