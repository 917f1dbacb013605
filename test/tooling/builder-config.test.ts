import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)

type Config = Record<string, unknown> & {
  files: Array<{ filter: string[] }>
  linux: { target: string[] }
  win: { target: string[] }
  mac: { target: string[] }
  nsis: Record<string, unknown>
}

/** Loads electron-builder.yml the way electron-builder does, and validates it against electron-builder's own schema. */
async function loadBuilderConfig(): Promise<Config> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string): Promise<Config>
    validateConfiguration(config: Config, debug: { isEnabled: boolean; add(): void }): Promise<void>
  }
  const config = await getConfig(root)
  await validateConfiguration(config, { isEnabled: false, add: () => undefined })
  return config
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('the electron-builder configuration', () => {
  it('loads and passes electron-builder’s schema', async () => {
    const config = await loadBuilderConfig()
    expect(config).toMatchObject({ appId: 'shop.plant-store.desktop', productName: 'Plant Store', asar: true, npmRebuild: false, publish: null })
  }, 30_000)

  it('builds deb (first: it keeps Chromium’s sandbox) and AppImage on Linux, nsis on Windows, dmg on macOS', async () => {
    const config = await loadBuilderConfig()
    expect(config.linux.target).toEqual(['deb', 'AppImage'])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.mac.target).toEqual(['dmg'])
    // The shop's catalogue lives in the same folder as Electron's userData: an uninstall must not delete it.
    expect(config.nsis.deleteAppDataOnUninstall).toBe(false)
    expect(config.nsis.include).toBe('build/installer.nsh')
  }, 30_000)

  it('signs with a certificate from the environment when there is one, notarises on macOS, and never requires either', async () => {
    const config = (await loadBuilderConfig()) as Config & { mac: Record<string, unknown> }
    expect(config.forceCodeSigning).toBe(false)
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true })
    // No identity or certificate file is named in the config: CSC_LINK / WIN_CSC_LINK / APPLE_* come from the environment.
    expect(JSON.stringify(config)).not.toMatch(/certificateFile|identity|cscLink/i)
  }, 30_000)

  it('packs the built app (main, preload, UI) and the package.json whose main points into it', async () => {
    const config = await loadBuilderConfig()
    const filter = config.files.flatMap((entry) => entry.filter)
    expect(filter).toEqual(expect.arrayContaining(['out/**/*', 'package.json']))
    const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8')) as { main: string; scripts: Record<string, string> }
    expect(pkg.main).toBe('out/main/index.js')
    expect(pkg.scripts.dist).toMatch(/electron-builder/)
  }, 30_000)

  it('has an app icon of at least 512×512 (made from build/icon.svg)', async () => {
    const config = await loadBuilderConfig()
    expect(config.icon).toBe('build/icon.png')
    const { width, height } = pngSize(`${root}build/icon.png`)
    expect(width).toBeGreaterThanOrEqual(512)
    expect(height).toBe(width)
    expect(readFileSync(`${root}build/icon.svg`, 'utf8')).toMatch(/^<svg /)
  }, 30_000)

  it('re-signs ad hoc after flipping the fuses (an unsigned Apple Silicon build is otherwise killed at launch as damaged)', async () => {
    const config = (await loadBuilderConfig()) as Config & { electronFuses: Record<string, unknown> }
    expect(config.electronFuses.resetAdHocDarwinSignature).toBe(true)
  }, 30_000)

  it('gives Linux the icon in every size the hicolor theme lists, 16 to 512 px, each rendered at its size', async () => {
    const config = (await loadBuilderConfig()) as Config & { linux: { icon: string } }
    expect(config.linux.icon).toBe('build/icons')
    for (const size of [16, 22, 24, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(`${root}build/icons/${size}x${size}.png`)).toEqual({ width: size, height: size })
    }
  }, 30_000)

  it('ships /usr/bin/plant-store as the command line and the window as plant-store-app in the deb, with the SVG as scalable icon', async () => {
    const config = (await loadBuilderConfig()) as Config & { linux: { executableName: string }; deb: { fpm: string[] } }
    expect(config.linux.executableName).toBe('plant-store-app')
    expect(config.deb.fpm).toEqual([
      'build/linux/plant-store=/usr/bin/plant-store',
      'build/icon.svg=/usr/share/icons/hicolor/scalable/apps/plant-store-app.svg'
    ])
    expect(statSync(`${root}build/linux/plant-store`).mode & 0o777).toBe(0o755)
  }, 30_000)
})
