import { readFileSync } from 'node:fs'
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
})
