/**
 * The built CLI, copied where every account can read it. Tests run it as
 * `nobody` (as root the kernel ignores file modes), and `nobody` may not be
 * allowed into the checkout (a clone inside a 0700 folder: "Cannot find
 * module"). So package.json, bin/, out/ and the packages the CLI loads are
 * copied into a temporary folder that everyone can read, once per test file,
 * and removed after it.
 */
import { spawnSync } from 'node:child_process'
import { chmod, cp, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

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
  const probe = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', ''], { cwd: dir, encoding: 'utf8' })
  if (probe.status !== 0) throw new Error(`tests that run as nobody need a node that nobody may run; ${process.execPath}: ${probe.stderr.trim()}`)
  return dir
}

let copy: Promise<string> | undefined
afterAll(async () => {
  if (copy) await rm(await copy, { recursive: true, force: true })
})

/** The folder of the copy (made on first use). */
export function readableCopy(): Promise<string> {
  copy ??= copyForEveryone()
  return copy
}
