import { spawnSync } from 'node:child_process'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { downloadFailureReason, ensureElectron, findElectronBinary } from '../../../scripts/ensure-electron.js'
import { makeTempDir } from '../../_setup/temp-dir'

const SCRIPT = fileURLToPath(new URL('../../../scripts/ensure-electron.js', import.meta.url))

/** A stand-in for node_modules/electron whose installer fails the way it does without internet. */
async function fakeElectronPackage(install = 'console.log("Downloading Electron binary..."); console.error(new TypeError("fetch failed").stack); process.exit(1)') {
  const dir = await makeTempDir()
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }))
  await writeFile(path.join(dir, 'install.js'), install)
  return dir
}

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, streams: { out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) } }
}

describe('npm start without the Electron binary', () => {
  it('prints one clear message pointing to npm run serve, not a stack trace, and exits 1', async () => {
    const electronDir = await fakeElectronPackage()
    const { out, err, streams } = capture()
    expect(ensureElectron({ electronDir, env: {}, ...streams })).toBe(1)
    expect(out.join('')).toBe('Plant Store: downloading Electron 45.4.1 (needed once for the desktop app)…\n')
    const message = err.join('')
    expect(message).toContain('Electron 45.4.1 is not installed here, and downloading it failed (TypeError: fetch failed)')
    expect(message).toContain('`npm run serve`')
    expect(message).not.toMatch(/^\s+at /m)
    expect(message.trim().split('\n')).toHaveLength(3)
  })

  it('goes on when the download succeeds', async () => {
    const electronDir = await fakeElectronPackage(
      'const fs = require("fs"); fs.mkdirSync(__dirname + "/dist"); fs.writeFileSync(__dirname + "/dist/electron", ""); fs.writeFileSync(__dirname + "/path.txt", "electron")'
    )
    await writeFile(path.join(electronDir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1', type: 'commonjs' }))
    const { err, streams } = capture()
    expect(ensureElectron({ electronDir, env: {}, ...streams })).toBe(0)
    expect(err).toEqual([])
  })

  it('does nothing when the binary is installed', async () => {
    const electronDir = await fakeElectronPackage()
    await mkdir(path.join(electronDir, 'dist'))
    await writeFile(path.join(electronDir, 'dist', 'electron'), '')
    await chmod(path.join(electronDir, 'dist', 'electron'), 0o755)
    await writeFile(path.join(electronDir, 'path.txt'), 'electron')
    const { out, err, streams } = capture()
    expect(ensureElectron({ electronDir, env: {}, ...streams })).toBe(0)
    expect(findElectronBinary(electronDir, {})).toBe(path.join(electronDir, 'dist', 'electron'))
    expect([...out, ...err]).toEqual([])
  })

  it('runs as the npm start step (the real script, downloads turned off) with the same message', async () => {
    const empty = await makeTempDir()
    const result = spawnSync(process.execPath, [SCRIPT], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }
    })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Plant Store: the desktop app cannot start: Electron \d+\.\d+\.\d+ is not installed here/)
    expect(result.stderr).toContain('downloads are turned off')
    expect(result.stderr).toContain('`npm run serve`')
  })

  it('picks the meaningful line of a failed download', () => {
    const output = 'Downloading Electron binary...\nRequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (x.js:1:1)\n'
    expect(downloadFailureReason(output)).toBe('RequestError: getaddrinfo ENOTFOUND github.com')
    expect(downloadFailureReason('')).toBe('no reason given')
  })
})
