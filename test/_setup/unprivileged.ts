/**
 * Runs the CLI as the unprivileged user `nobody`: root ignores file modes, so a
 * test of a folder that cannot be written must drop root. `nobody` may not be
 * allowed into the checkout (a clone inside a 0700 folder), so the built CLI
 * and the packages it loads are first copied into a temporary folder that
 * everyone can read. When not root, the CLI simply runs as ourselves.
 */
import { chmod, cp, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { runCli, runProgram, type CliResult } from './serve-process'

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
  return dir
}

/** The CLI as `nobody`, for one test file: the copy is made on first use and removed after the file's tests. */
export function unprivilegedCli(): { run(args: string[], skip: (note: string) => never): Promise<CliResult> } {
  let copy: Promise<string> | undefined
  afterAll(async () => {
    if (copy) await rm(await copy, { recursive: true, force: true })
  })
  return {
    async run(args, skip) {
      if (process.getuid?.() !== 0) return runCli(args)
      copy ??= copyForEveryone()
      const dir = await copy
      const asNobody = (program: string[]) => runProgram('runuser', ['-u', 'nobody', '--', process.execPath, ...program], {}, dir)
      const probe = await asNobody(['-e', ''])
      if (probe.code !== 0) skip(`the user nobody cannot run ${process.execPath} here: ${probe.stderr.trim()}`)
      return asNobody([path.join(dir, 'bin/plant-store.js'), ...args])
    }
  }
}
