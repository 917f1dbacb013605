/**
 * Checks on the data folder itself, made before anything is written there: a
 * path that names a file, a folder of another user, a folder this user cannot
 * write. Each becomes one sentence a person can act on, for the CLI (every
 * command) and for the desktop app, which must say it in a dialog before
 * Electron puts its own files there.
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '#settings/errors'
import { UntrustedDataFolderError } from '#store/errors'
import { effectiveUid, userName } from '#store'

/** The data folder cannot be used as it is; the message says why and what to do. */
export class DataFolderError extends ConfigError {
  constructor(message: string) {
    super(message)
    this.name = 'DataFolderError'
  }
}

/**
 * Throws DataFolderError when `dir`, or the nearest part of its path that
 * exists, is a file rather than a folder; `source` names where the path came
 * from (--data, PLANT_STORE_DATA). A missing folder is fine: it is created on
 * first use.
 */
export function assertNotAFile(dir: string, source: string): void {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    let isFolder: boolean
    try {
      isFolder = statSync(at).isDirectory()
    } catch {
      if (path.dirname(at) === at) return
      continue // not there (yet): look one level up
    }
    if (isFolder) return
    const where = at === path.resolve(dir) ? dir : `${at} (in the path ${dir})`
    throw new DataFolderError(`${where} is a file, not a folder; ${source} must name a folder (it is created if missing)`)
  }
}

/** What {@link prepareDataFolder} checks against; the current process unless a test says otherwise. */
export interface FolderUser {
  /** The effective user id (POSIX); undefined on Windows, where ownership is not checked. */
  uid: number | undefined
}

/**
 * Makes sure `dir` can hold the catalogue before anything is written there
 * (the desktop app calls it before Electron puts its single-instance lock and
 * Chromium's files in the folder): not a file, created (0700) when missing,
 * owned by this user and writable. Synchronous on purpose: Electron's paths
 * must be set before 'ready', in the same tick. The store checks the folder
 * and its files in full when it opens (store/data-folder-trust.ts); this is the
 * part that cannot wait for that. Throws DataFolderError or
 * UntrustedDataFolderError, or the file-system error of a folder that cannot
 * be created (all described by describeStartFailure).
 */
export function prepareDataFolder(dir: string, source: string, user: FolderUser = { uid: effectiveUid() }): void {
  assertNotAFile(dir, source)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const owner = statSync(dir).uid
  // Files written into another user's folder would belong to us and lock its owner out of their own catalogue.
  if (user.uid !== undefined && owner !== user.uid) {
    throw new UntrustedDataFolderError(
      dir,
      [`${dir} belongs to ${userName(owner)}, not to ${userName(user.uid)} who runs Plant Store`],
      `Start Plant Store as ${userName(owner)}, or choose a folder of your own with ${source}.`
    )
  }
  try {
    accessSync(dir, constants.W_OK)
  } catch {
    throw new DataFolderError(`this user cannot write to the data folder ${dir}; fix its permissions, or choose another folder with ${source}`)
  }
}
