import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile, stat, symlink } from 'node:fs/promises'
import { mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeInstalled, installLauncher, launcherText, type LauncherTarget } from '#desktop/cli-launcher'
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
})
