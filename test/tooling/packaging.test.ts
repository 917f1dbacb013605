/**
 * electron-builder run for real (`--linux deb`) on the built app, with a
 * stand-in Electron distribution instead of a download (electronDist): a
 * shell script carrying Electron 45's fuse wire, so that electron-builder
 * flips the fuses in it as in the real binary, and that runs as Node when
 * ELECTRON_RUN_AS_NODE is set; and a stand-in fpm (fake-fpm/fpm.mjs) that
 * builds the deb with dpkg-deb from the arguments electron-builder computes.
 * Then the packed app itself: its name, its archive's files, its fuses, the
 * .desktop entries the deb and the AppImage would get, the packed main process
 * started from the archive's own files (with the process stand-in for
 * Electron), and the deb's files: /usr/bin/plant-store running the CLI, the
 * icons in every hicolor size.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_USER_MODEL_ID } from '#desktop/app-id'
import { ShopStore } from '#store/shop-store'
import { makeTempDir } from '#setup/temp-dir'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const REGISTER = fileURLToPath(new URL('../process/fake-electron/register.mjs', import.meta.url))
const RUN_AS_NODE = fileURLToPath(new URL('../process/fake-electron/run-as-node.mjs', import.meta.url))
const FAKE_FPM = fileURLToPath(new URL('./fake-fpm/fpm.mjs', import.meta.url))
const require = createRequire(import.meta.url)
const asar = require('@electron/asar') as {
  createPackage(dir: string, dest: string): Promise<void>
  listPackage(file: string): string[]
  extractAll(file: string, dest: string): void
}
const fuses = require('@electron/fuses') as { getCurrentFuseWire(file: string): Promise<Record<string, number | string>> }

// Electron 45's fuse wire (build/fuses/fuses.json5): version 1, nine fuses, '1' on and '0' off, in this order.
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const FUSES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
  'WasmTrapHandlers'
]
const ELECTRON_45_DEFAULTS = '101100011'
const ON = 49
const OFF = 48

/** A temporary folder for the whole file (beforeAll), removed after it. */
async function fileTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  afterAll(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** An unpacked Electron distribution as electron-builder expects one for Linux, with a stand-in executable. */
async function standInElectronDist(): Promise<string> {
  const dist = await fileTempDir('electron-dist-')
  await mkdir(path.join(dist, 'resources'))
  await mkdir(path.join(dist, 'locales'))
  const executable = Buffer.concat([
    Buffer.from(`#!/bin/sh\n# `),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, FUSES.length]),
    Buffer.from(ELECTRON_45_DEFAULTS),
    Buffer.from(`\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(RUN_AS_NODE)} "$@"\n`)
  ])
  await writeFile(path.join(dist, 'electron'), executable)
  await chmod(path.join(dist, 'electron'), 0o755)
  await writeFile(path.join(dist, 'chrome-sandbox'), '')
  await writeFile(path.join(dist, 'version'), JSON.parse(readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')).version)
  await writeFile(path.join(dist, 'LICENSE'), 'stand-in')
  await writeFile(path.join(dist, 'locales', 'en-US.pak'), '')
  const defaultApp = await fileTempDir('default-app-')
  await writeFile(path.join(defaultApp, 'package.json'), '{"name":"default_app","main":"main.js"}')
  await writeFile(path.join(defaultApp, 'main.js'), '')
  await asar.createPackage(defaultApp, path.join(dist, 'resources', 'default_app.asar'))
  return dist
}

/** An executable that runs the stand-in fpm with this Node (electron-builder runs CUSTOM_FPM_PATH as a program). */
async function standInFpm(dir: string): Promise<string> {
  const fpm = path.join(dir, 'fpm')
  await writeFile(fpm, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(FAKE_FPM)} "$@"\n`)
  await chmod(fpm, 0o755)
  return fpm
}

/**
 * Runs electron-builder's `--linux deb` in a child process (its logging and globals stay out of the test runner).
 * An afterPack hook records the .desktop entries electron-builder's own code computes for the deb and the AppImage,
 * and the fuse configuration it hands to @electron/fuses.
 */
async function packLinuxDeb(dist: string, output: string) {
  const runner = path.join(output, 'pack.cjs')
  await writeFile(
    runner,
    `const { build, Platform } = require(${JSON.stringify(require.resolve('electron-builder'))})
const { LinuxTargetHelper } = require(${JSON.stringify(require.resolve('app-builder-lib/out/targets/LinuxTargetHelper'))})
const AppImageTarget = require(${JSON.stringify(require.resolve('app-builder-lib/out/targets/appimage/AppImageTarget'))}).default
const fs = require('fs')
build({
  projectDir: ${JSON.stringify(ROOT)},
  targets: Platform.LINUX.createTarget('deb'),
  publish: 'never',
  config: {
    electronDist: ${JSON.stringify(dist)},
    directories: { output: ${JSON.stringify(output)} },
    afterPack: async ({ packager, outDir }) => {
      const helper = new LinuxTargetHelper(packager)
      const deb = await helper.computeDesktopEntry({ ...packager.platformSpecificBuildOptions, ...packager.config.deb })
      const appImage = await new AppImageTarget('appImage', packager, helper, outDir).desktopEntry.value
      const fuses = await packager.generateFuseConfig(packager.config.electronFuses)
      fs.writeFileSync(${JSON.stringify(path.join(output, 'desktop-entries.json'))}, JSON.stringify({ fileName: helper.getDesktopFileName(), deb, appImage, fuses }))
    }
  }
}).then(() => process.exit(0), (error) => { console.error(error); process.exit(1) })
`
  )
  const result = spawnSync(process.execPath, [runner], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_BUILDER_CACHE: path.join(output, 'cache'), CUSTOM_FPM_PATH: await standInFpm(output) }
  })
  if (result.status !== 0) throw new Error(`electron-builder failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** One `Key=value` line of a .desktop entry. */
function desktopKey(entry: string, key: string): string | undefined {
  return new RegExp(`^${key}=(.*)$`, 'm').exec(entry)?.[1]
}

describe.skipIf(!existsSync(path.join(ROOT, 'out/main/index.js')))('the packaged desktop app (electron-builder --linux deb)', () => {
  let unpacked: string
  let output: string
  let log: string

  beforeAll(async () => {
    output = await fileTempDir('packed-')
    log = await packLinuxDeb(await standInElectronDist(), output)
    unpacked = path.join(output, 'linux-unpacked')
  }, 120_000)

  it('is named plant-store-app (the window), with no complaint about missing package fields (deb needs homepage and author)', () => {
    expect(existsSync(path.join(unpacked, 'plant-store-app'))).toBe(true)
    expect(existsSync(path.join(unpacked, 'electron'))).toBe(false)
    expect(log).not.toMatch(/author is missed|homepage/i)
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>
    expect(pkg).toMatchObject({ productName: 'Plant Store', desktopName: 'plant-store.desktop', homepage: expect.stringMatching(/^https:\/\//) })
    expect(pkg.author).toMatchObject({ name: expect.any(String), email: expect.any(String) })
  })

  it('packs the built main, CLI, preload and UI with the production dependencies, and nothing else of the project', () => {
    const files = asar.listPackage(path.join(unpacked, 'resources', 'app.asar'))
    const own = files.filter((file) => !file.startsWith('/node_modules'))
    expect(own).toEqual(
      expect.arrayContaining(['/package.json', '/out/main/index.js', '/out/main/cli.js', '/out/preload/index.cjs', '/out/renderer/index.html'])
    )
    expect(own.filter((file) => !/^\/(package\.json|out(\/.*)?)$/.test(file))).toEqual([])
    expect(own.filter((file) => file.endsWith('.map'))).toEqual([])
    const modules = new Set(files.map((file) => /^\/node_modules\/([^/]+)/.exec(file)?.[1]).filter(Boolean))
    expect(modules.has('h3') && modules.has('lowdb')).toBe(true)
    for (const development of ['electron', 'electron-builder', 'vite', 'vitest', 'vue']) expect(modules.has(development)).toBe(false)
  })

  it('names the built main process as its entry, and that entry starts the app from the archive’s own files', async () => {
    const extracted = await makeTempDir('extracted-')
    asar.extractAll(path.join(unpacked, 'resources', 'app.asar'), extracted)
    const pkg = JSON.parse(readFileSync(path.join(extracted, 'package.json'), 'utf8')) as { main: string; name: string }
    expect(pkg).toMatchObject({ name: 'plant-store', main: 'out/main/index.js' })
    const data = await makeTempDir()
    const child = spawn(process.execPath, ['--import', REGISTER, path.join(extracted, pkg.main)], {
      cwd: extracted,
      env: { ...process.env, PLANT_STORE_DATA: data, PLANT_STORE_PORT: '0', PLANT_STORE_TOKEN: undefined },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const exited = new Promise((resolve) => child.on('exit', resolve))
    try {
      // A data folder never set up opens on the first-run screen (this computer the main one, or a till).
      await expect
        .poll(() => /\[electron\] loadURL "(.+)"/.exec(stdout)?.[1], { timeout: 15_000 })
        .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#screen=first-run$/)
      const page = await fetch(/\[electron\] loadURL "(.+)"/.exec(stdout)![1]!)
      expect(await page.text()).toContain('<div id="app">') // the UI served from the archive's out/renderer
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })

  it('flips the fuses in the packaged binary: RunAsNode kept for the CLI launcher, inspect and NODE_OPTIONS off, app only from the asar', async () => {
    const wire = await fuses.getCurrentFuseWire(path.join(unpacked, 'plant-store-app'))
    const state = Object.fromEntries(FUSES.map((name, index) => [name, wire[index]]))
    expect(state).toEqual({
      RunAsNode: ON,
      EnableCookieEncryption: OFF,
      EnableNodeOptionsEnvironmentVariable: OFF,
      EnableNodeCliInspectArguments: OFF,
      EnableEmbeddedAsarIntegrityValidation: OFF,
      OnlyLoadAppFromAsar: ON,
      LoadBrowserProcessSpecificV8Snapshot: OFF,
      GrantFileProtocolExtraPrivileges: OFF,
      WasmTrapHandlers: ON
    })
  })

  it('gives the deb and the AppImage a plant-store.desktop whose StartupWMClass is the WM_CLASS Electron sets from desktopName', () => {
    const { fileName, deb, appImage } = JSON.parse(readFileSync(path.join(output, 'desktop-entries.json'), 'utf8')) as Record<string, string>
    expect(fileName).toBe('plant-store')
    // Electron sets CHROME_DESKTOP from package.json's desktopName and the window's WM_CLASS from it, minus ".desktop".
    const { desktopName } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { desktopName: string }
    const wmClass = desktopName.replace(/\.desktop$/, '')
    for (const entry of [deb, appImage]) {
      expect(desktopKey(entry!, 'Name')).toBe('Plant Store')
      expect(desktopKey(entry!, 'StartupWMClass')).toBe(wmClass)
    }
    expect(desktopKey(deb!, 'Exec')).toBe('"/opt/Plant Store/plant-store-app" %U')
    // The AppImage is not started with --no-sandbox by default: its launcher adds it only where the sandbox cannot work.
    expect(desktopKey(appImage!, 'Exec')).toBe('AppRun %U')
  })

  it('uses the installer’s appId as the Windows AppUserModelID', () => {
    expect(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(
      new RegExp(`^appId: ${APP_USER_MODEL_ID.replace(/\./g, '\\.')}$`, 'm')
    )
  })

  it('resets the ad-hoc signature after flipping the fuses, so an unsigned Apple Silicon build is not killed as damaged', () => {
    const { fuses: config } = JSON.parse(readFileSync(path.join(output, 'desktop-entries.json'), 'utf8')) as { fuses: Record<string, unknown> }
    // What electron-builder hands to @electron/fuses' flipFuses, which then runs `codesign --sign -` on a .app.
    expect(config).toMatchObject({ version: '1', resetAdHocDarwinSignature: true })
  })

  describe('the deb', () => {
    let root: string
    let control: string

    beforeAll(async () => {
      const deb = path.join(output, readdirSync(output).find((name) => name.endsWith('.deb')) ?? 'no .deb built')
      root = path.join(output, 'deb-root')
      for (const args of [
        ['-x', deb, root],
        ['-e', deb, path.join(root, 'DEBIAN')]
      ]) {
        const result = spawnSync('dpkg-deb', args, { encoding: 'utf8' })
        if (result.status !== 0) throw new Error(`dpkg-deb ${args[0]} failed: ${result.stderr}`)
      }
      control = readFileSync(path.join(root, 'DEBIAN', 'control'), 'utf8')
    })

    /** Runs the deb's /usr/bin/plant-store with no display, as from a terminal or a script over SSH. */
    function runInstalledCli(args: string[]) {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
      for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'ELECTRON_RUN_AS_NODE', 'PLANT_STORE_TOKEN', 'NODE_OPTIONS']) delete env[name]
      return spawnSync(path.join(root, 'usr', 'bin', 'plant-store'), args, { encoding: 'utf8', env })
    }

    it('links /usr/bin/plant-store-app (not plant-store) to the window after install', () => {
      expect(control).toMatch(/^Package: plant-store$/m)
      const postinst = readFileSync(path.join(root, 'DEBIAN', 'postinst'), 'utf8')
      expect(postinst).toContain(`'/usr/bin/plant-store-app' 'plant-store-app' '/opt/Plant Store/plant-store-app'`)
      expect(postinst).not.toMatch(/\/usr\/bin\/plant-store'/)
      expect(existsSync(path.join(root, 'opt', 'Plant Store', 'plant-store-app'))).toBe(true)
    })

    it('installs /usr/bin/plant-store as the CLI: --version prints the version without a display, token prints the token', async () => {
      const launcher = path.join(root, 'usr', 'bin', 'plant-store')
      expect(statSync(launcher).mode & 0o777).toBe(0o755)
      const version = runInstalledCli(['--version'])
      expect({ status: version.status, stdout: version.stdout }).toEqual({ status: 0, stdout: '0.1.0\n' })
      const data = await makeTempDir()
      await (await ShopStore.open({ dir: data })).close()
      const token = runInstalledCli(['token', '--data', data])
      expect(token.status).toBe(0)
      expect(token.stdout.trim()).toBe(readFileSync(path.join(data, 'token'), 'utf8').trim())
    })

    it('installs the icon in every hicolor size from 16 to 512 px and as scalable SVG, under the name the .desktop file uses', () => {
      const entry = readFileSync(path.join(root, 'usr', 'share', 'applications', 'plant-store.desktop'), 'utf8')
      const icon = desktopKey(entry, 'Icon')
      expect(icon).toBe('plant-store-app')
      const hicolor = path.join(root, 'usr', 'share', 'icons', 'hicolor')
      const sizes = readdirSync(hicolor).filter((dir) => dir !== 'scalable')
      expect(sizes.sort((a, b) => parseInt(a) - parseInt(b))).toEqual([
        '16x16',
        '22x22',
        '24x24',
        '32x32',
        '48x48',
        '64x64',
        '128x128',
        '256x256',
        '512x512'
      ])
      for (const size of sizes) {
        const png = readFileSync(path.join(hicolor, size, 'apps', `${icon}.png`))
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size)
      }
      expect(readFileSync(path.join(hicolor, 'scalable', 'apps', `${icon}.svg`), 'utf8')).toMatch(/^<svg /)
    })
  })
})
