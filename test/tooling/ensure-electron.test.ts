import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, chownSync, existsSync, readFileSync } from 'node:fs'
import { chmod, copyFile, mkdir, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32 } from 'node:zlib'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  downloadFailureReason,
  ensureElectron,
  findElectronBinary,
  nodeVersionNote,
  progressLine,
  sandboxProblem
} from '../../scripts/ensure-electron.js'
import { makeTempDir } from '#setup/temp-dir'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SCRIPT = path.join(ROOT, 'scripts/ensure-electron.js')
const IS_ROOT = process.getuid?.() === 0

/** A stand-in for node_modules/electron whose installer fails the way it does without internet. */
async function fakeElectronPackage(
  install = 'console.log("Downloading Electron binary..."); console.error(new TypeError("fetch failed").stack); process.exit(1)'
) {
  const dir = await makeTempDir()
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }))
  await writeFile(path.join(dir, 'install.js'), install)
  return dir
}

/** A downloaded Electron in `electronDir` (dist/electron, path.txt), with its chrome-sandbox helper unless told not to. */
async function installBinary(electronDir: string, { helper = true } = {}) {
  await mkdir(path.join(electronDir, 'dist'), { recursive: true })
  await writeFile(path.join(electronDir, 'dist', 'electron'), '')
  await chmod(path.join(electronDir, 'dist', 'electron'), 0o755)
  if (helper) await writeFile(path.join(electronDir, 'dist', 'chrome-sandbox'), '')
  await writeFile(path.join(electronDir, 'path.txt'), 'electron')
  return path.join(electronDir, 'dist', 'electron')
}

/** A fake `unshare` that answers as this system's would: refused (as under Ubuntu 24.04's AppArmor) or allowed. */
async function fakeUnshare(allowed: boolean) {
  const file = path.join(await makeTempDir(), 'unshare')
  await writeFile(
    file,
    allowed ? '#!/bin/sh\nexit 0\n' : '#!/bin/sh\necho "unshare: write failed /proc/self/uid_map: Operation not permitted" >&2\nexit 1\n'
  )
  await chmod(file, 0o755)
  return file
}

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, streams: { out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) } }
}

/** A zip archive (stored, no compression) of `files`, each with its Unix mode: what Electron's release zips hold. */
function zipOf(files: Array<{ name: string; data: Buffer; mode: number }>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data, mode } of files) {
    const fileName = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4) // made on Unix, so the external attributes carry the mode
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(((0o100000 | mode) << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** A local Electron download mirror (ELECTRON_MIRROR) serving `zip` in slices, and its SHASUMS256.txt. */
async function electronMirror(version: string, zip: Buffer) {
  const file = `electron-v${version}-${process.platform}-${process.arch}.zip`
  const server = createServer((request, response) => {
    if (request.url === `/v${version}/SHASUMS256.txt`) return response.end(`${createHash('sha256').update(zip).digest('hex')} *${file}\n`)
    if (request.url !== `/v${version}/${file}`) return response.writeHead(404).end()
    response.writeHead(200, { 'content-length': zip.length })
    let sent = 0
    const slice = Math.ceil(zip.length / 12)
    const next = () => {
      if (sent >= zip.length) return response.end()
      response.write(zip.subarray(sent, sent + slice))
      sent += slice
      setTimeout(next, 60)
    }
    next()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

describe('npm start: the Electron binary', () => {
  it('prints one clear message pointing to npm run serve, not a stack trace, and exits 1', async () => {
    const electronDir = await fakeElectronPackage()
    const { out, err, streams } = capture()
    expect(await ensureElectron({ electronDir, env: {}, nodeVersion: '22.12.0', ...streams })).toBe(1)
    expect(out.join('')).toBe('Plant Store: downloading Electron 45.4.1 (about 100 MB, needed once for the desktop app)…\n')
    const message = err.join('')
    expect(message).toContain('Electron 45.4.1 is not installed here, and downloading it failed (TypeError: fetch failed)')
    expect(message).toContain('`npm run serve`')
    expect(message).not.toMatch(/^\s+at /m)
    expect(message.trim().split('\n')).toHaveLength(3)
  })

  it('downloads with Electron’s own installer, showing progress as the data arrives (a local mirror stands in for GitHub)', async () => {
    // The real installer of node_modules/electron, in a copy of the package (it writes dist/ and path.txt beside itself).
    const realElectron = path.join(ROOT, 'node_modules/electron')
    const modules = path.join(await makeTempDir(), 'node_modules')
    const electronDir = path.join(modules, 'electron')
    await mkdir(electronDir, { recursive: true })
    for (const file of ['install.js', 'package.json', 'checksums.json']) await copyFile(path.join(realElectron, file), path.join(electronDir, file))
    for (const scope of ['@electron', '@electron-internal']) await symlink(path.join(ROOT, 'node_modules', scope), path.join(modules, scope))
    const { version } = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')) as { version: string }
    const binary = Buffer.concat([Buffer.from('#!/bin/sh\necho stand-in electron\n'), Buffer.alloc(3_000_000, 1)])
    const mirror = await electronMirror(version, zipOf([{ name: 'electron', data: binary, mode: 0o755 }]))
    const { out, err, streams } = capture()
    const env = {
      ELECTRON_MIRROR: mirror,
      electron_use_remote_checksums: '1', // the mirror's SHASUMS256.txt, not the real release's checksums
      electron_config_cache: await makeTempDir(),
      PATH: process.env.PATH
    }
    expect(await ensureElectron({ electronDir, env, nodeVersion: '22.12.0', platform: 'darwin', ...streams }), err.join('')).toBe(0)
    const lines = out.join('').split('\n')
    expect(lines[0]).toBe(`Plant Store: downloading Electron ${version} (about 100 MB, needed once for the desktop app)…`)
    const progress = lines.filter((line) => line.startsWith('  '))
    expect(progress.length).toBeGreaterThanOrEqual(3)
    expect(progress.at(-1)).toBe('  3.0 of 3.0 MB (100%)')
    expect(findElectronBinary(electronDir, {})).toBe(path.join(electronDir, 'dist', 'electron'))
    expect(spawnSync(path.join(electronDir, 'dist', 'electron'), { encoding: 'utf8' }).stdout).toBe('stand-in electron\n')
  }, 30_000)

  it('gives up on a download that stalls, saying so, instead of waiting forever', async () => {
    const electronDir = await fakeElectronPackage('setInterval(() => {}, 1000) // connected, but nothing arrives')
    const { err, streams } = capture()
    expect(await ensureElectron({ electronDir, env: {}, stallMs: 300, nodeVersion: '22.12.0', ...streams })).toBe(1)
    expect(err.join('')).toContain('downloading it failed (no data arrived for 0.3 s; the network may be slow or blocked)')
  })

  it('goes on when the download succeeds', async () => {
    const electronDir = await fakeElectronPackage(
      'const fs = require("fs"); fs.mkdirSync(__dirname + "/dist"); fs.writeFileSync(__dirname + "/dist/electron", ""); fs.writeFileSync(__dirname + "/path.txt", "electron")'
    )
    const { err, streams } = capture()
    expect(await ensureElectron({ electronDir, env: {}, platform: 'darwin', ...streams })).toBe(0)
    expect(err).toEqual([])
  })

  it('does nothing when the binary is installed', async () => {
    const electronDir = await fakeElectronPackage()
    const binary = await installBinary(electronDir)
    const { out, err, streams } = capture()
    expect(await ensureElectron({ electronDir, env: {}, platform: 'darwin', ...streams })).toBe(0)
    expect(findElectronBinary(electronDir, {})).toBe(binary)
    expect([...out, ...err]).toEqual([])
  })

  it('honours ELECTRON_EXEC_PATH, the variable electron-vite reads for a local Electron', async () => {
    const electronDir = await fakeElectronPackage()
    const local = await installBinary(await makeTempDir())
    expect(findElectronBinary(electronDir, { ELECTRON_EXEC_PATH: local })).toBe(local)
    const { out, err, streams } = capture()
    expect(await ensureElectron({ electronDir, env: { ELECTRON_EXEC_PATH: local }, platform: 'darwin', ...streams })).toBe(0)
    expect([...out, ...err]).toEqual([])
  })

  it('says which variable to use when ELECTRON_OVERRIDE_DIST_PATH is set (electron-vite ignores it)', async () => {
    const electronDir = await fakeElectronPackage()
    const { err, streams } = capture()
    expect(await ensureElectron({ electronDir, env: { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' }, ...streams })).toBe(1)
    expect(err.join('')).toContain('electron-vite (which npm start uses) does not read it; it reads ELECTRON_EXEC_PATH')
    expect(err.join('')).toContain('ELECTRON_EXEC_PATH="/opt/electron/electron" npm start')
  })

  it('runs as the npm start step (the real script, downloads turned off) with the same message', () => {
    const result = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Plant Store: the desktop app cannot start: Electron \d+\.\d+\.\d+ is not installed here/)
    expect(result.stderr).toContain('downloads are turned off')
  })

  it('runs when started through a symlink (npm’s .bin folder, a linked checkout)', async () => {
    const link = path.join(await makeTempDir(), 'ensure-electron.js')
    await symlink(SCRIPT, link)
    const result = spawnSync(process.execPath, [link], { encoding: 'utf8', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('downloads are turned off')
  })

  it('picks the meaningful line of a failed download, and words progress', () => {
    const output = 'Downloading Electron binary...\nRequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (x.js:1:1)\n'
    expect(downloadFailureReason(output)).toBe('RequestError: getaddrinfo ENOTFOUND github.com')
    expect(downloadFailureReason('')).toBe('no reason given')
    expect(progressLine({ received: 12_500_000, total: 105_300_000 })).toBe('12.5 of 105.3 MB (11%)')
    expect(progressLine({ received: 12_500_000 })).toBe('12.5 MB')
  })

  it('notes a Node older than Electron’s package declares, before downloading', async () => {
    expect(nodeVersionNote('20.20.2')).toMatch(/declares Node 22\.12 or newer; this is Node 20\.20\.2/)
    expect(nodeVersionNote('22.12.0')).toBeUndefined()
    expect(nodeVersionNote('24.1.0')).toBeUndefined()
    const { out, streams } = capture()
    await ensureElectron({ electronDir: await fakeElectronPackage(), env: {}, nodeVersion: '20.19.0', ...streams })
    expect(out[0]).toMatch(/^Plant Store: note: Electron's npm package/)
  })
})

describe('npm start on Linux: Chromium’s sandbox (Ubuntu 23.10+ / 24.04)', () => {
  const USER = 1000

  it('passes where this user may create user namespaces (the namespace sandbox works)', async () => {
    const binary = await installBinary(await makeTempDir(), { helper: false })
    expect(sandboxProblem({ binary, env: {}, platform: 'linux', uid: USER, unshare: await fakeUnshare(true) })).toBeUndefined()
  })

  it('stops with both remedies when namespaces are blocked and the helper is not root-owned 4755', async () => {
    const binary = await installBinary(await makeTempDir())
    const helper = path.join(path.dirname(binary), 'chrome-sandbox')
    if (IS_ROOT) chownSync(helper, 65534, 65534) // as after `npm install` by a user
    const message = sandboxProblem({ binary, env: {}, platform: 'linux', uid: USER, unshare: await fakeUnshare(false) })!
    expect(message).toContain('Ubuntu 23.10 and later block them with AppArmor')
    expect(message).toContain('"The SUID sandbox helper binary was found, but is not configured correctly"')
    expect(message).toContain(`  sudo chown root:root "${helper}" && sudo chmod 4755 "${helper}"`)
    expect(message).toContain('  NO_SANDBOX=1 npm start')
    expect(message).toMatch(/would run with your user's rights instead of being contained/)
  })

  it.skipIf(!IS_ROOT)('passes once the helper is root-owned with mode 4755 (the first remedy done)', async () => {
    const binary = await installBinary(await makeTempDir())
    const helper = path.join(path.dirname(binary), 'chrome-sandbox')
    chownSync(helper, 0, 0)
    chmodSync(helper, 0o4755)
    expect(sandboxProblem({ binary, env: {}, platform: 'linux', uid: USER, unshare: await fakeUnshare(false) })).toBeUndefined()
  })

  it('offers NO_SANDBOX=1 alone when the helper is missing', async () => {
    const binary = await installBinary(await makeTempDir(), { helper: false })
    const message = sandboxProblem({ binary, env: {}, platform: 'linux', uid: USER, unshare: await fakeUnshare(false) })!
    expect(message).toContain('is missing')
    expect(message).not.toContain('sudo')
    expect(message).toContain('NO_SANDBOX=1 npm start')
  })

  it('stays out of the way with NO_SANDBOX=1, off Linux, and where it cannot tell (no unshare)', async () => {
    const binary = await installBinary(await makeTempDir(), { helper: false })
    const refused = await fakeUnshare(false)
    expect(sandboxProblem({ binary, env: { NO_SANDBOX: '1' }, platform: 'linux', uid: USER, unshare: refused })).toBeUndefined()
    expect(sandboxProblem({ binary, env: {}, platform: 'darwin', uid: USER, unshare: refused })).toBeUndefined()
    expect(sandboxProblem({ binary, env: {}, platform: 'linux', uid: USER, unshare: '/no/such/unshare' })).toBeUndefined()
  })

  it('tells root to start as a user or without the sandbox (Chromium refuses root with it)', async () => {
    const binary = await installBinary(await makeTempDir())
    expect(sandboxProblem({ binary, env: {}, platform: 'linux', uid: 0, unshare: await fakeUnshare(true) })).toMatch(
      /cannot start as root[\s\S]*NO_SANDBOX=1 npm start/
    )
  })

  it('stops npm start (exit 1) before electron-vite would launch into the abort, and goes on with NO_SANDBOX=1', async () => {
    const electronDir = await fakeElectronPackage()
    await installBinary(electronDir)
    const unshare = await fakeUnshare(false)
    const blocked = capture()
    expect(await ensureElectron({ electronDir, env: {}, platform: 'linux', uid: USER, unshare, ...blocked.streams })).toBe(1)
    expect(blocked.err.join('')).toContain('NO_SANDBOX=1 npm start')
    const allowed = capture()
    expect(await ensureElectron({ electronDir, env: { NO_SANDBOX: '1' }, platform: 'linux', uid: USER, unshare, ...allowed.streams })).toBe(0)
    expect(allowed.out.join('')).toBe("Plant Store: Chromium's sandbox is off (NO_SANDBOX=1).\n")
    expect(existsSync(path.join(electronDir, 'dist', 'chrome-sandbox'))).toBe(true)
  })
})
