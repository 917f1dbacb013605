import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { lstat, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeInstalled, installLauncher, launcherDirs, launcherRefusal, launcherText, type LauncherTarget } from '#desktop/cli-launcher'
import { cliEntry } from '#app/paths'
import { makeTempDir } from '#setup/temp-dir'

const posix = process.platform !== 'win32'

async function target(fields: Partial<LauncherTarget> = {}): Promise<LauncherTarget> {
  const home = await makeTempDir('plant-store-launcher-home-')
  return { platform: 'linux', execPath: process.execPath, cliPath: cliEntry(), env: { PATH: '/usr/bin:/bin' }, home, ...fields }
}

async function run(file: string, args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(file, args, { cwd: os.tmpdir(), env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] })
  let stdout = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout }
}

describe('the command-line launcher (Help → Install Command-Line Tool)', () => {
  it.runIf(posix)('runs the bundled CLI from any folder, with arguments passed on and paths with spaces and quotes intact', async () => {
    // An "app" whose path has a space and a quote, standing in for /Applications/Plant Store.app/…: Node plays Electron-as-Node.
    const app = path.join(await makeTempDir(), "Plant Store's app")
    await mkdir(app)
    await symlink(process.execPath, path.join(app, 'Plant Store'))
    const home = await makeTempDir('plant-store-launcher-home-')
    const installed = await installLauncher(
      await target({ execPath: path.join(app, 'Plant Store'), home, env: { PATH: `${home}/.local/bin:/usr/bin` } })
    )
    expect(installed).toEqual({ file: path.join(home, '.local', 'bin', 'plant-store'), dir: path.join(home, '.local', 'bin'), onPath: true })
    expect((await stat(installed.file)).mode & 0o777).toBe(0o755)
    expect(await readFile(installed.file, 'utf8')).toMatch(
      /^#!\/bin\/sh\n.*\nELECTRON_RUN_AS_NODE=1 exec '.*Plant Store'\\''s app\/Plant Store' '.*cli\.js' "\$@"\n$/
    )
    expect(await run(installed.file, ['--version'])).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) })
    const help = await run(installed.file, ['help', 'plants'])
    expect(help.stdout).toMatch(/^Usage: plant-store plants list/)
  })

  it('says how to put the folder on PATH when it is not there yet, and rewrites an older launcher', async () => {
    const first = await target({ env: { PATH: '/usr/bin' } })
    const installed = await installLauncher(first)
    expect(installed.onPath).toBe(false)
    expect(describeInstalled(installed, 'linux')).toMatch(/is not on your PATH yet: .*export PATH=".*\.local\/bin:\$PATH"/)
    const moved = await installLauncher({ ...first, execPath: '/opt/Plant Store/plant-store' })
    expect(moved.file).toBe(installed.file)
    expect(await readFile(moved.file, 'utf8')).toContain("'/opt/Plant Store/plant-store'")
  })

  it('on macOS uses /usr/local/bin only when it is on PATH and writable, else the per-user folder', async () => {
    const mac = await target({ platform: 'darwin', env: { PATH: '/usr/bin:/bin' } })
    expect((await installLauncher(mac)).dir).toBe(path.join(mac.home, '.local', 'bin'))
  })

  it('writes a .cmd for Windows that runs the app as Node with every argument', () => {
    const text = launcherText({
      platform: 'win32',
      execPath: 'C:\\Program Files\\Plant Store\\Plant Store.exe',
      cliPath: 'C:\\Program Files\\Plant Store\\resources\\app.asar\\out\\main\\cli.js'
    })
    expect(text.split('\r\n')).toEqual([
      '@echo off',
      expect.stringMatching(/^rem plant-store:/),
      'setlocal',
      'set ELECTRON_RUN_AS_NODE=1',
      '"C:\\Program Files\\Plant Store\\Plant Store.exe" "C:\\Program Files\\Plant Store\\resources\\app.asar\\out\\main\\cli.js" %*',
      ''
    ])
  })

  it('plans the Windows folders with Windows paths (drive letter, backslashes), the per-user WindowsApps first', () => {
    const windows = { platform: 'win32', execPath: 'C:\\x.exe', cliPath: 'C:\\cli.js', home: 'C:\\Users\\Ana' } as const
    expect(launcherDirs({ ...windows, env: { LOCALAPPDATA: 'C:\\Users\\Ana\\AppData\\Local' } })).toEqual([
      'C:\\Users\\Ana\\AppData\\Local\\Microsoft\\WindowsApps',
      'C:\\Users\\Ana\\AppData\\Local\\Programs\\plant-store\\bin'
    ])
    expect(launcherDirs({ ...windows, env: {} })[0]).toBe('C:\\Users\\Ana\\AppData\\Local\\Microsoft\\WindowsApps')
  })

  it('tells macOS users to put the folder on PATH in ~/.zprofile (zsh), others in ~/.profile', () => {
    const installed = { file: '/Users/ana/.local/bin/plant-store', dir: '/Users/ana/.local/bin', onPath: false }
    expect(describeInstalled(installed, 'darwin')).toContain(
      'with this line in ~/.zprofile (zsh is the Terminal\'s shell on macOS): export PATH="/Users/ana/.local/bin:$PATH"'
    )
    expect(describeInstalled(installed, 'linux')).toContain('~/.profile')
  })
})

describe('a launcher that would soon point at nothing, or replace something else', () => {
  it.each([
    [
      'an AppImage (APPIMAGE set by its runtime)',
      { platform: 'linux', execPath: '/tmp/.mount_PlantS1a2b3/plant-store-app', env: { APPIMAGE: '/home/ana/Plant Store-0.1.0.AppImage' } },
      /AppImage \(\/home\/ana\/Plant Store-0\.1\.0\.AppImage\).*Install the \.deb instead/
    ],
    [
      'an AppImage mount',
      { platform: 'linux', execPath: '/tmp/.mount_PlantS1a2b3/plant-store-app', env: {} },
      /whose files exist only while it runs/
    ],
    [
      'a translocated Mac app',
      { platform: 'darwin', execPath: '/private/var/folders/x/T/AppTranslocation/1F2E/d/Plant Store.app/Contents/MacOS/Plant Store', env: {} },
      /temporary copy \(App Translocation\).*Drag Plant Store into the Applications folder/
    ],
    [
      'a Mac app on its disk image',
      { platform: 'darwin', execPath: '/Volumes/Plant Store 0.1.0/Plant Store.app/Contents/MacOS/Plant Store', env: {} },
      /from its disk image.*Applications folder/
    ]
  ] as const)('is refused with words for %s, writing nothing', async (_, where, words) => {
    expect(launcherRefusal(where)).toMatch(words)
    const home = await makeTempDir('plant-store-launcher-home-')
    await expect(installLauncher({ ...where, env: { ...where.env }, cliPath: '/x/cli.js', home })).rejects.toThrow(words)
    await expect(lstat(path.join(home, '.local'))).rejects.toThrow(/ENOENT/)
  })

  it('accepts an installed app: /opt, /Applications, Program Files', () => {
    expect(launcherRefusal({ platform: 'linux', execPath: '/opt/Plant Store/plant-store-app', env: {} })).toBeUndefined()
    expect(launcherRefusal({ platform: 'darwin', execPath: '/Applications/Plant Store.app/Contents/MacOS/Plant Store', env: {} })).toBeUndefined()
    expect(launcherRefusal({ platform: 'win32', execPath: 'C:\\Program Files\\Plant Store\\Plant Store.exe', env: {} })).toBeUndefined()
  })

  it('never writes through a link at its name (npm link’s plant-store), nor replaces another program; rewrites its own', async () => {
    const first = await target({ env: { PATH: '/usr/bin' } })
    const bin = path.join(first.home, '.local', 'bin')
    await mkdir(bin, { recursive: true })
    const npmBin = path.join(await makeTempDir(), 'plant-store.js')
    await writeFile(npmBin, '#!/usr/bin/env node\n// npm link\n')
    await symlink(npmBin, path.join(bin, 'plant-store'))
    await expect(installLauncher(first)).rejects.toThrow(/plant-store is already there as a link to .*plant-store\.js.*it is left as it is/)
    expect(await readFile(npmBin, 'utf8')).toBe('#!/usr/bin/env node\n// npm link\n')
    expect(await readlink(path.join(bin, 'plant-store'))).toBe(npmBin)

    const other = await target({ env: { PATH: '/usr/bin' } })
    await mkdir(path.join(other.home, '.local', 'bin'), { recursive: true })
    await writeFile(path.join(other.home, '.local', 'bin', 'plant-store'), '#!/bin/sh\necho mine\n')
    await expect(installLauncher(other)).rejects.toThrow(/was not written by Plant Store/)
    expect(await readFile(path.join(other.home, '.local', 'bin', 'plant-store'), 'utf8')).toBe('#!/bin/sh\necho mine\n')
  })
})
