/**
 * Why Electron's single-instance lock was refused. On Linux and macOS,
 * Chromium's process singleton is a symbolic link, SingletonLock, in the
 * app's userData folder, which here is the data folder
 * (chrome/browser/process_singleton_posix.cc: SymlinkPath). On a drive that
 * cannot hold links (FAT or exFAT USB sticks, some network shares) it can
 * never be made, and the lock answers "another copy runs" every time: the app
 * quit at once, with no window and no word. Plain Node: tested without Electron.
 */
import { symlinkSync, unlinkSync } from 'node:fs'
import path from 'node:path'

/** True when `dir` can hold a symbolic link (tried with a link of this process's own, removed at once). */
export function canHoldLinks(dir: string): boolean {
  const probe = path.join(dir, `.link-probe-${process.pid}`)
  try {
    symlinkSync(`probe-${process.pid}`, probe)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // EEXIST: a probe left by a killed run of this pid; links work. Anything else (EPERM on FAT, ENOTSUP, ENOSYS…): none.
    return code === 'EEXIST'
  }
  unlinkSync(probe)
  return true
}

/**
 * What to say when the single-instance lock of `dataDir` was refused because
 * the folder cannot hold links; undefined when that is not why (then another
 * copy runs, and it has come to the front). Windows' lock is no link.
 */
export function singleInstanceProblem(
  dataDir: string,
  platform: NodeJS.Platform,
  holdsLinks: (dir: string) => boolean = canHoldLinks
): string | undefined {
  if (platform === 'win32' || holdsLinks(dataDir)) return undefined
  return (
    `The data folder ${dataDir} is on a drive that cannot hold symbolic links (a FAT or exFAT USB stick, some network ` +
    'shares). The desktop app keeps a link there that makes sure it runs only once, so it cannot open this folder. ' +
    'Keep the data folder on this computer’s own disk (PLANT_STORE_DATA names another folder), and use the drive for ' +
    'backups (plant-store config set backup.dir …); plant-store serve does not need the link.'
  )
}
