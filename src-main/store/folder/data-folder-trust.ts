/**
 * StrictModes for the data folder, as OpenSSH checks ~/.ssh before trusting
 * it. Another account that can write the folder (or a file in it) can swap the
 * token for its own, or plant a symbolic link where the server writes a file so
 * that it overwrites one of the attacker's choosing. So before Plant Store
 * reads or writes the folder, the folder and the files it keeps there must
 * belong to the user running it, be writable by nobody else, and not be links.
 *
 * Not applied on Windows (no POSIX owners and modes; the per-user profile
 * folder protects it), and never to a backup being restored, which may sit on
 * a FAT-formatted USB stick where every file shows 0777.
 */
import type { Stats } from 'node:fs'
import { lstatSync, readFileSync } from 'node:fs'
import { readlink, stat } from 'node:fs/promises'
import path from 'node:path'
import { hostPlatform } from '#lib/platform'
import { AppError } from '#shared/app-error'

/** The data folder, or a file in it, cannot be trusted; the message names each path and the command that fixes it. */
export class UntrustedDataFolderError extends AppError {
  constructor(
    readonly dir: string,
    readonly problems: string[],
    readonly fix: string
  ) {
    super(`Refusing to use the data folder ${dir}: ${problems.join('; ')}. ${fix}`)
    this.name = 'UntrustedDataFolderError'
  }
}

/** The effective user id, or undefined where POSIX owners do not apply. */
export function effectiveUid(platform: NodeJS.Platform = hostPlatform()): number | undefined {
  return platform === 'win32' ? undefined : process.geteuid?.()
}

/** The login name of `uid` (from /etc/passwd), or `uid N` when it has none. */
export function userName(uid: number): string {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':')
      if (name && Number(id) === uid && id !== '') return name
    }
  } catch {
    // No passwd file (a container, macOS directory services): the number still identifies the account.
  }
  return `uid ${uid}`
}

/** Quotes `text` for a POSIX shell, so a printed command can be pasted as is. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`
}

const mode = (info: Stats) => `mode ${(info.mode & 0o777).toString(8).padStart(4, '0')}`

/** What is wrong with one entry, judged by its lstat; `isFolder` for the data folder itself (stat, links followed). */
function entryProblems(file: string, info: Stats, uid: number, isFolder: boolean): { owner?: string; writable?: string; kind?: string } {
  const found: { owner?: string; writable?: string; kind?: string } = {}
  if (!isFolder && !info.isFile() && !info.isDirectory()) found.kind = `${file} is not a regular file`
  if (info.uid !== uid) found.owner = `${file} belongs to ${userName(info.uid)}, not to ${userName(uid)} who runs Plant Store`
  if ((info.mode & 0o022) !== 0) found.writable = `${file} can be changed by other accounts (${mode(info)})`
  return found
}

/**
 * What is wrong with an existing token, lock or catalogue file read back at
 * run time (its fstat): undefined when it is a regular file owned by this
 * user with exactly `wantedMode`.
 */
export function ownFileProblem(file: string, info: Stats, wantedMode: number): string | undefined {
  const uid = effectiveUid()
  if (uid === undefined) return undefined
  if (!info.isFile()) return `${file} is not a regular file`
  if (info.uid !== uid) return `${file} belongs to ${userName(info.uid)}, not to ${userName(uid)}`
  if ((info.mode & 0o777) !== wantedMode) return `${file} has ${mode(info)}, not ${wantedMode.toString(8).padStart(4, '0')}`
  return undefined
}

/**
 * Checks `dir` and the entries `names` in it (those that exist) as OpenSSH's
 * StrictModes would; throws UntrustedDataFolderError with one line that names
 * each bad path and the command that fixes it. A link inside the folder is
 * refused; the folder itself may be reached through one.
 */
export async function checkDataFolder(dir: string, names: readonly string[]): Promise<void> {
  const uid = effectiveUid()
  if (uid === undefined) return
  const folder = await stat(dir)
  if (!folder.isDirectory()) throw Object.assign(new Error(`${dir} is a file, not a folder`), { code: 'ENOTDIR', path: dir })
  const owners: string[] = []
  const writable: string[] = []
  const other: string[] = []
  const note = (found: ReturnType<typeof entryProblems>) => {
    if (found.owner) owners.push(found.owner)
    if (found.writable) writable.push(found.writable)
    if (found.kind) other.push(found.kind)
  }
  note(entryProblems(dir, folder, uid, true))
  for (const name of names) {
    const file = path.join(dir, name)
    // Synchronous: a folder with thousands of journals is checked in milliseconds, not a thread-pool trip each.
    const info = lstatSync(file, { throwIfNoEntry: false })
    if (!info) continue
    if (info.isSymbolicLink()) {
      const target = await readlink(file).catch(() => '?')
      other.push(`${file} is a symbolic link (to ${target}); Plant Store never follows links in its data folder, so replace it with the real file`)
      continue
    }
    note(entryProblems(file, info, uid, false))
  }
  if (owners.length + writable.length + other.length === 0) return
  const fixes: string[] = []
  if (owners.length > 0) {
    fixes.push(
      uid === 0
        ? `Start Plant Store as the folder's owner (e.g. sudo -u ${userName(folder.uid)} plant-store …), or hand the folder to root with: chown -R root ${shellQuote(dir)}`
        : `Give the files back to ${userName(uid)} with: sudo chown -R ${userName(uid)} ${shellQuote(dir)}`
    )
  }
  if (writable.length > 0) {
    fixes.push(
      `Make it private with: chmod -R go-w ${shellQuote(dir)} (a folder on a FAT or exFAT USB stick cannot be made private: keep the data on this computer's own disk, with --data)`
    )
  }
  throw new UntrustedDataFolderError(dir, [...other, ...owners, ...writable], fixes.join('. ') + '.')
}
