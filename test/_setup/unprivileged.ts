/**
 * Runs the CLI as another account, for tests of file permissions: as root the
 * kernel ignores file modes, so a test that needs "permission denied" or
 * "owned by another user" runs the real binary as `nobody` via runuser (a copy
 * that everyone can read: see readable-copy.ts).
 */
import { execFileSync } from 'node:child_process'
import { chown } from 'node:fs/promises'
import path from 'node:path'
import { readableCopy } from './readable-copy'
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

/** Runs `plant-store ...args` as the unprivileged user `nobody` (root ignores file modes), or as ourselves when not root. */
export async function runAsUnprivileged(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  if (!IS_ROOT) return runCli(args, env)
  const dir = await readableCopy() // nobody may not be allowed into the checkout
  return runProgram('runuser', ['-u', 'nobody', '--', process.execPath, path.join(dir, 'bin/plant-store.js'), ...args], env, dir)
}

/** Hands `paths` to `nobody` (when root), so that a run as nobody finds its own folder. */
export async function giveToUnprivileged(...paths: string[]): Promise<void> {
  if (!NOBODY) return
  for (const file of paths) await chown(file, NOBODY.uid, NOBODY.gid)
}
