/**
 * Vitest global setup: process tests (and a few unit tests) run the build in
 * out/, so before any test runs the build is made fresh. When it is missing,
 * or any file it is made from is newer than it, `electron-vite build` runs;
 * a build that fails stops the whole run with its output. No test can then
 * pass against stale code, nor skip because a build is missing.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** What the build is made from. Folders count too: deleting or renaming a file changes its folder's time. */
const SOURCES = [
  'src-main',
  'src-shared',
  'src-renderer',
  'electron.vite.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.node.json',
  'tsconfig.web.json'
]

/** What the tests run: one file per build target. */
const OUTPUTS = ['out/main/cli.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']

/** The newest modification time under `target` (file or folder), with the file that has it. */
function newest(target: string): { file: string; mtimeMs: number } {
  const stat = statSync(target)
  let found = { file: target, mtimeMs: stat.mtimeMs }
  if (!stat.isDirectory()) return found
  for (const entry of readdirSync(target)) {
    const inner = newest(path.join(target, entry))
    if (inner.mtimeMs > found.mtimeMs) found = inner
  }
  return found
}

/** Why the build in out/ cannot be trusted, or undefined when it is fresh. */
export function staleBuildReason(root = ROOT): string | undefined {
  let oldestOutput = Number.POSITIVE_INFINITY
  for (const output of OUTPUTS) {
    try {
      oldestOutput = Math.min(oldestOutput, statSync(path.join(root, output)).mtimeMs)
    } catch {
      return `${output} is missing`
    }
  }
  for (const source of SOURCES) {
    const latest = newest(path.join(root, source))
    if (latest.mtimeMs > oldestOutput) return `${path.relative(root, latest.file)} is newer than the build in out/`
  }
  return undefined
}

/** Rebuilds out/ when it is stale; throws (ending the run) when the build fails. */
export default function setup(): void {
  const reason = staleBuildReason()
  if (reason === undefined) return
  process.stderr.write(`[test setup] ${reason}: running electron-vite build\n`)
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin/electron-vite.js')
  const build = spawnSync(process.execPath, [cli, 'build'], { cwd: ROOT, encoding: 'utf8' })
  if (build.status !== 0) {
    throw new Error(
      `electron-vite build failed (${build.error?.message ?? `exit ${build.status}`}); no test runs against a stale build.\n${build.stdout}${build.stderr}`
    )
  }
  const still = staleBuildReason()
  if (still !== undefined) throw new Error(`the build in out/ is still not fresh after electron-vite build: ${still}`)
}
