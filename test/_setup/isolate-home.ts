/**
 * Points every per-user folder at a throw-away directory, so no test can reach
 * the real data folder even when it forgets to pass --data.
 *
 * Loaded twice: as a setup file in each test worker (a folder per test file),
 * and as a global setup in vitest's own process. The second one matters for
 * worker threads: their `process.env` is a copy, while `os.homedir()` reads the
 * process's real environment, which only the main thread can change.
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

function isolateHome(): void {
  const home = mkdtempSync(path.join(os.tmpdir(), 'plant-store-home-'))
  process.env.HOME = home
  process.env.XDG_CONFIG_HOME = path.join(home, '.config')
  process.env.APPDATA = path.join(home, 'AppData')
  // Windows' default data folder is the local one (src-main/app/paths.ts): on a real Windows runner it is set.
  process.env.LOCALAPPDATA = path.join(home, 'AppData', 'Local')
  delete process.env.PLANT_STORE_DATA
  delete process.env.PLANT_STORE_PORT
  delete process.env.PLANT_STORE_TOKEN
  // The tests' main computers and tills meet on 127.0.0.1: loopback stands in for the shop's network (docs/security.md).
  process.env.PLANT_STORE_ALLOW_LOOPBACK_LAN = '1'
}

isolateHome()

/** The global setup's entry: the isolation above already ran when vitest imported this file. */
export default function setup(): void {}
