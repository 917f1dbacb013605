/**
 * The move, once, of a Windows data folder from the roaming application data folder (%APPDATA%\plant-store, where
 * versions before kept it) to the local one (%LOCALAPPDATA%\plant-store, paths.ts says why). Safe against a crash
 * at every step, because the folder in use is decided by what exists (defaultDataDir), and each step changes that
 * only by one rename:
 *
 * 1. locked: the roaming folder's lock is taken, so no store writes there meanwhile (a folder in use is not moved);
 * 2. copied: everything is copied to `plant-store.moving` beside the target, durably;
 * 3. verified: every file of the copy is proven equal (size and SHA-256) to the original;
 * 4. noted: a note in the roaming folder says where its data goes, and marks it as the source of this move;
 * 5. placed: the copy is renamed into place. Until here the roaming folder is the one in use; from here the local one;
 * 6. retired: the roaming folder is renamed `plant-store.moved`, kept as it was (never deleted: the person may).
 *
 * A crash before 5 leaves the roaming folder in use, and the next start removes the half copy and starts again; a
 * crash after 5 leaves the local folder in use, and the next start finishes 6. A move that fails (a full disk, a copy
 * that differs) leaves the roaming folder in use and is tried again at the next start. A roaming folder without the
 * note beside a local one in use is left alone: with a roaming profile it may be another computer's, whose older
 * version made it again after this one moved its own.
 */
import { readFile, mkdir, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { nodeFileSystem, renameFile, replaceFile, syncDirectory } from '#lib/durable-file'
import { hostPlatform } from '#lib/platform'
import { copyTree, verifyCopy, type CopyProof } from '#lib/verified-copy'
import { DataDirLockedError } from '#store/errors'
import { LOCK_FILE_NAME, RUNTIME_FILE_NAME, acquireDataDirLock } from '#store'
import { APP_FOLDER, defaultDataDir, holdsData, localAppDataFolder, roamingDataDir } from './paths'

/** Who holds the roaming folder's lock during the move: what a command refused meanwhile is told. */
export const MOVER_HOLDER = 'Plant Store, moving this data folder to the local application data folder'

/** The note left in the roaming folder. */
export const MOVE_NOTE_NAME = 'WHERE-THE-DATA-WENT.txt'

/** The steps of a move, in order (a test stops after each, as a crash would). */
export const MOVE_STEPS = ['locked', 'copied', 'verified', 'noted', 'placed', 'retired'] as const
export type MoveStep = (typeof MOVE_STEPS)[number]

/** How long a start waits for another process's move of the same folder (two launches at once) before going on. */
const OTHER_MOVE_WAIT_MS = 10 * 60_000

/** What the move needs; the real environment, system and console unless a test says otherwise. */
export interface MoveOptions {
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  /** Runs after each step; a test throws from it to stop the move there. */
  afterStep?: (step: MoveStep) => void | Promise<void>
  /** Where the outcome is said (console.error: the desktop app has no terminal, a CLI start shows it). */
  log?: (line: string) => void
}

// The lock and what a running process writes beside it belong to a process on the old folder, never to the copy.
const NOT_COPIED = new Set([LOCK_FILE_NAME, `${LOCK_FILE_NAME}.takeover`, RUNTIME_FILE_NAME, MOVE_NOTE_NAME])
const notCopied = (relative: string) => NOT_COPIED.has(relative)

/**
 * Moves the roaming data folder to the local one when it is due (Windows, the default folder in use, the roaming
 * folder holding data) and finishes a move a crash interrupted; resolves with the default data folder as it then is.
 * Never throws: a move that cannot happen now leaves the roaming folder in use, and says why.
 */
export async function settleDefaultDataFolder(options: MoveOptions = {}): Promise<string> {
  const { env = process.env, platform = hostPlatform(), log = (line: string) => console.error(line) } = options
  const roaming = roamingDataDir(env, platform)
  // A folder named by PLANT_STORE_DATA is the one in use; the default one is left as it is.
  if (env.PLANT_STORE_DATA || roaming === undefined || !holdsData(roaming)) return defaultDataDir(env, platform)
  const local = path.join(localAppDataFolder(env, platform), APP_FOLDER)
  const step = async (name: MoveStep) => options.afterStep?.(name)
  try {
    if (!holdsData(local)) {
      const proof = await copyIntoPlace(roaming, local, step)
      log(`Plant Store moved its data folder from ${roaming} to ${local} (${proof.files} files, ${proof.bytes} bytes, each checked).`)
    }
    if (existsSync(path.join(roaming, MOVE_NOTE_NAME))) await retire(roaming, step)
  } catch (error) {
    if (error instanceof DataDirLockedError && error.owner.holder === MOVER_HOLDER) await otherMoveEnded(roaming)
    else log(unfinishedMove(roaming, local, holdsData(local), error))
  }
  return defaultDataDir(env, platform)
}

/** Steps 1 to 5: the roaming folder, locked, copied beside the target, proven, noted, and the copy renamed into place. */
async function copyIntoPlace(roaming: string, local: string, step: (name: MoveStep) => Promise<void>): Promise<CopyProof> {
  const lock = await acquireDataDirLock(roaming, MOVER_HOLDER, 'move')
  try {
    await step('locked')
    const moving = `${local}.moving`
    // A copy a crash cut short: never trusted, made again.
    await rm(moving, { recursive: true, force: true })
    await mkdir(path.dirname(local), { recursive: true })
    await copyTree(roaming, moving, notCopied)
    await step('copied')
    const proof = await verifyCopy(roaming, moving, notCopied)
    await step('verified')
    await replaceFile(path.join(roaming, MOVE_NOTE_NAME), moveNote(local, new Date()))
    await step('noted')
    await renameFile(nodeFileSystem, moving, local)
    await syncDirectory(nodeFileSystem, path.dirname(local))
    await step('placed')
    return proof
  } finally {
    await lock.release()
  }
}

/** Step 6: the roaming folder renamed aside, once no process holds it (one that does keeps it until a later start). */
async function retire(roaming: string, step: (name: MoveStep) => Promise<void>): Promise<void> {
  const lock = await acquireDataDirLock(roaming, MOVER_HOLDER, 'move')
  // Released before the rename: Windows renames no folder in which a file is open, and the lock keeps its file open.
  await lock.release()
  await renameFile(nodeFileSystem, roaming, retiredName(roaming))
  await step('retired')
}

/** `plant-store.moved`, or the first `plant-store.moved-N` free (a folder moved before, then made again by an older version). */
function retiredName(roaming: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${roaming}.moved` : `${roaming}.moved-${n}`
    if (!existsSync(name)) return name
  }
}

/** The note's words, for whoever opens the old folder: true from the moment it is written, before the copy is in place. */
export function moveNote(local: string, at: Date): string {
  return [
    `Plant Store moves its data from this folder to`,
    `  ${local}`,
    `(started ${at.toISOString()}). Once that folder exists, it is the one Plant Store uses; until then, this one is.`,
    '',
    'This folder is in the roaming application data folder, which Windows copies to the server at every sign-out',
    'where roaming profiles are in use; the new one stays on this computer. Every file is copied and checked (size',
    'and SHA-256) before Plant Store uses the new folder, and this one is then renamed plant-store.moved.',
    '',
    'Plant Store no longer reads or writes a plant-store.moved folder: it holds the data as it was at the move. Keep',
    'it as a spare for a while, then delete it.',
    ''
  ].join('\r\n')
}

/** Waits (bounded) until another process's move of `roaming` has let go of its lock: two launches at once. */
async function otherMoveEnded(roaming: string): Promise<void> {
  const deadline = Date.now() + OTHER_MOVE_WAIT_MS
  const lockFile = path.join(roaming, LOCK_FILE_NAME)
  while (Date.now() < deadline) {
    const text = await readFile(lockFile, 'utf8').catch(() => '')
    if (!text.includes(MOVER_HOLDER)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** What a move that stopped short says: which folder is in use, and that the rest is done at a later start. */
function unfinishedMove(roaming: string, local: string, placed: boolean, error: unknown): string {
  const why = error instanceof Error ? error.message : String(error)
  return placed
    ? `Plant Store uses its data folder at ${local}; the old one, ${roaming}, is set aside at a later start: ${why}`
    : `Plant Store keeps its data folder at ${roaming} for now (it moves to ${local} at a later start): ${why}`
}
