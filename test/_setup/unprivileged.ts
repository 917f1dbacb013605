/**
 * Runs the CLI as another account, for tests of file permissions: as root the
 * kernel ignores file modes, so a test that needs "permission denied" or
 * "owned by another user" runs the real binary as `nobody` via runuser.
 * `nobody` may not be allowed into the checkout (a clone inside a 0700
 * folder), so the built CLI and the packages it loads are first copied into a
 * temporary folder that everyone can read, once per test file.
 */
import { execFileSync } from 'node:child_process'
import { chmod, chown, cp, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { runCli, runProgram, type CliResult } from './serve-process'

/** True when the tests run as root and can act as `nobody`. */
export const IS_ROOT = process.getuid?.() === 0

/** The uid and gid of `nobody` (65534 on Debian). */
export const NOBODY = IS_ROOT
  ? {
      uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }))
    }
  : undefined

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The packages the built CLI loads at run time: package.json's dependencies and theirs, as installed. */
async function runtimePackages(): Promise<string[]> {
  const found = new Set<string>()
  const visit = async (name: string): Promise<void> => {
    if (found.has(name)) return
    let manifest: Record<string, Record<string, string> | undefined>
    try {
      manifest = JSON.parse(await readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'))
    } catch {
      return // an optional or peer dependency that is not installed
    }
    found.add(name)
    const next = { ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies }
    for (const dependency of Object.keys(next)) await visit(dependency)
  }
  const own = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dependency of Object.keys(own.dependencies ?? {})) await visit(dependency)
  return [...found]
}

/** Adds read (and, for folders, enter) permission for everyone, all the way down. */
async function openToEveryone(target: string): Promise<void> {
  const info = await stat(target)
  await chmod(target, info.mode | (info.isDirectory() ? 0o555 : 0o444))
  if (info.isDirectory()) for (const entry of await readdir(target)) await openToEveryone(path.join(target, entry))
}

/** Copies package.json, bin/, out/ and the runtime packages into a new folder everyone can read; returns it. */
async function copyForEveryone(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-cli-'))
  for (const part of ['package.json', 'bin', 'out']) await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true })
  for (const name of await runtimePackages()) {
    await cp(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), { recursive: true, dereference: true })
  }
  await openToEveryone(dir)
  // The copy runs as nobody only if nobody can run node itself (an install under a private home cannot).
  const probe = await runProgram('runuser', ['-u', 'nobody', '--', process.execPath, '-e', ''], {}, dir)
  if (probe.code !== 0) throw new Error(`tests that run as nobody need a node that nobody may run; ${process.execPath}: ${probe.stderr.trim()}`)
  return dir
}

let copy: Promise<string> | undefined
afterAll(async () => {
  if (copy) await rm(await copy, { recursive: true, force: true })
})

/** Runs `plant-store ...args` as the unprivileged user `nobody` (root ignores file modes), or as ourselves when not root. */
export async function runAsUnprivileged(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  if (!IS_ROOT) return runCli(args, env)
  copy ??= copyForEveryone()
  const dir = await copy
  return runProgram('runuser', ['-u', 'nobody', '--', process.execPath, path.join(dir, 'bin/plant-store.js'), ...args], env, dir)
}

/** Hands `paths` to `nobody` (when root), so that a run as nobody finds its own folder. */
export async function giveToUnprivileged(...paths: string[]): Promise<void> {
  if (!NOBODY) return
  for (const file of paths) await chown(file, NOBODY.uid, NOBODY.gid)
}
