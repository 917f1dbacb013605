/**
 * The one check of a backup folder (`plant-store config set backup.dir`, the
 * Settings dialog's PUT /v3/backup): a folder that exists, is a folder, can be
 * written by this user and is not inside the data folder (a dead disk would
 * take the catalogue and its "off-site" copies together). Each refusal is one
 * sentence a person can act on.
 */
import { randomBytes } from 'node:crypto'
import { realpath, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { effectiveUid, userName } from '#store'
import { AppError } from '#shared/app-error'

/** The folder cannot be used for backups; the message says why and what to do. */
export class BackupFolderError extends AppError {
  constructor(message: string) {
    super(message, { problemName: 'backupFolderRefused' })
    this.name = 'BackupFolderError'
  }
}

/** The real path of `dir`, or `dir` resolved when it is not there (yet). */
async function realOrResolved(dir: string): Promise<string> {
  return realpath(dir).catch(() => path.resolve(dir))
}

/** True when `inner` is `outer` or lies inside it. */
function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** Writes and removes a small file in `dir`: the one honest test of "can write here" (modes lie on FAT sticks and network shares). */
async function probeWrite(dir: string): Promise<void> {
  const probe = path.join(dir, `.plant-store-probe-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    await writeFile(probe, '', { flag: 'wx' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new BackupFolderError(`Plant Store cannot write into ${dir} (${code}): choose a folder this user may write to, or fix its permissions`)
  }
  await unlink(probe).catch(() => undefined)
}

/**
 * Checks `dir` as a backup folder for the data folder `dataDir`; resolves with
 * the absolute path to keep in the settings, or throws BackupFolderError.
 * `dir` must be absolute (the CLI resolves it first; the API has no working
 * folder to resolve against).
 */
export async function checkBackupFolder(dir: string, dataDir: string): Promise<string> {
  if (dir.trim() === '') throw new BackupFolderError('the backup folder is empty: give the full path of a folder')
  if (!path.isAbsolute(dir))
    throw new BackupFolderError(`"${dir}" is not a full path: give the whole path, e.g. /media/usb/ShopStore or E:\\ShopStore`)
  const folder = path.resolve(dir)
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupFolderError(`${folder} does not exist: plug in the drive, or create the folder first`)
    throw new BackupFolderError(`${folder} cannot be reached (${error.code ?? error.message}): choose another folder`)
  })
  if (!info.isDirectory()) throw new BackupFolderError(`${folder} is a file, not a folder: choose a folder`)
  const [realFolder, realData] = await Promise.all([realOrResolved(folder), realOrResolved(dataDir)])
  if (isWithin(realFolder, realData)) {
    throw new BackupFolderError(
      `${folder} is inside the data folder ${path.resolve(dataDir)}: a dead disk would take both; choose a folder on another drive (a USB stick, a network share)`
    )
  }
  await probeWrite(folder)
  return folder
}

/**
 * Why other accounts may change what is in `folder`, or undefined when only this user can: it belongs to another
 * account, or its group or everyone may write into it. Such a folder still works (a FAT stick shows 0777, a share
 * is shared on purpose) and pruning deletes only the backups this computer wrote (backup-manifest.ts), but another
 * account could plant or replace a backup there: the owner is told, in the setting's answer, the UI and the CLI.
 */
export async function sharedFolderWarning(folder: string): Promise<string | undefined> {
  const uid = effectiveUid()
  const info = uid === undefined ? undefined : await stat(folder).catch(() => undefined)
  if (uid === undefined || !info?.isDirectory()) return undefined
  const mode = (info.mode & 0o777).toString(8).padStart(4, '0')
  const who =
    info.uid !== uid
      ? `it belongs to ${userName(info.uid)}, not to ${userName(uid)} who runs Plant Store`
      : (info.mode & 0o002) !== 0
        ? `every account on this computer may write into it (mode ${mode})`
        : (info.mode & 0o020) !== 0
          ? `its group may write into it (mode ${mode})`
          : undefined
  if (who === undefined) return undefined
  const safer = info.uid !== uid ? 'a folder of your own is safer' : `a folder only you can write into is safer (chmod 700 ${folder})`
  return `the backup folder ${folder} is shared: ${who}. Another account could put files there or replace a backup; Plant Store deletes only the backups it wrote, but ${safer}`
}
