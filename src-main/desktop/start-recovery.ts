/**
 * What the desktop app offers when the service refuses to start (damaged or
 * newer catalogue, folder held by `plant-store serve`, …), and the loop that
 * acts on the choice. Plain Node: the dialog itself is passed in as `ask`.
 */
import { readFile } from 'node:fs/promises'
import { plantCountText } from '#shared/words'
import { DATA_FILE_VERSION, type RestoreResult } from '#store'
import { newestBackups } from '#backup-folder/latest-backup'
import type { LockOwner } from '#store/errors'
import { DataDirLockedError, DataFileError } from '#store/errors'
import { PortInUseError } from '#server'
import { describeStartFailure } from '#app/start-failure'

/** What the person can do about a refused start. */
export type StartChoice = 'restore-latest' | 'open-anyway' | 'open-folder' | 'retry' | 'quit'

/** Button labels of the choices, in the words the dialog shows. */
export const CHOICE_LABELS: Readonly<Record<StartChoice, string>> = {
  'restore-latest': 'Restore latest backup',
  'open-anyway': 'Open anyway',
  'open-folder': 'Open data folder',
  retry: 'Try again',
  quit: 'Quit'
}

/** A refused start as the dialog shows it. */
export interface StartFailure {
  /** One line: what failed. */
  headline: string
  /** The message a person can act on (the same words the CLI prints). */
  detail: string
  /** The choices that make sense for this failure, in button order; always ends with quit. */
  choices: StartChoice[]
  /** The backup "restore-latest" puts back, when offered. */
  latestBackup?: string
  /** The holder "open-anyway" takes the folder from, when offered (a live pid not proven to be it). */
  holder?: LockOwner
}

/** True when plants.json names a file version above the one this build reads: restoring an old backup would silently roll back. */
async function isFromNewerApp(error: DataFileError): Promise<boolean> {
  try {
    const version = (JSON.parse(await readFile(error.file, 'utf8')) as { version?: unknown }).version
    return typeof version === 'number' && version > DATA_FILE_VERSION
  } catch {
    return false
  }
}

/**
 * A refused catalogue, with the backup to offer: the newest in DIR/backups or the backup folder (a USB stick), as
 * `plant-store restore --latest` chooses it, leaving out those that already failed to restore.
 */
async function explainDataFileFailure(error: DataFileError, dataDir: string, failed: ReadonlySet<string>): Promise<StartFailure> {
  const found = await newestBackups(dataDir)
  const backup = found.files.find((file) => !failed.has(file))
  error.latestBackup = backup // the words name the backup the button puts back
  const offerRestore = backup !== undefined && !(await isFromNewerApp(error))
  // A stick not plugged in: once it is, Try again looks again.
  const missing = found.missingFolder === undefined ? '' : ` The backup folder ${found.missingFolder} is not there: is the drive plugged in?`
  const choices: StartChoice[] = offerRestore ? ['restore-latest', 'open-folder'] : ['open-folder']
  return {
    headline: 'Plant Store cannot open its catalogue.',
    detail: `${describeStartFailure(error)!}${missing}`,
    choices: [...choices, ...(missing ? (['retry'] as const) : []), 'quit'],
    latestBackup: offerRestore ? backup : undefined
  }
}

/**
 * Describes `error` (thrown by startService on `dataDir`) with the choices that make sense for it; `failed` holds
 * the backups that could not be restored since, which are not offered again.
 */
export async function explainStartFailure(error: unknown, dataDir: string, failed: ReadonlySet<string> = new Set()): Promise<StartFailure> {
  if (error instanceof DataFileError) return explainDataFileFailure(error, dataDir, failed)
  const detail = describeStartFailure(error) ?? `Unexpected error: ${error instanceof Error ? error.message : String(error)}`
  if (error instanceof DataDirLockedError && error.unproven) {
    // After a crash or a power cut the recorded pid may be any program's: the person, who can see, decides.
    return {
      headline: 'Plant Store cannot tell whether another Plant Store has the data folder.',
      detail,
      choices: ['retry', 'open-anyway', 'open-folder', 'quit'],
      holder: error.owner
    }
  }
  if (error instanceof DataDirLockedError) {
    // Once the other process is stopped, trying again is all it takes.
    return { headline: 'The data folder is in use by another Plant Store.', detail, choices: ['retry', 'open-folder', 'quit'] }
  }
  if (error instanceof PortInUseError) return { headline: 'The API port is taken.', detail, choices: ['retry', 'quit'] }
  return { headline: 'Plant Store cannot start.', detail, choices: ['open-folder', 'retry', 'quit'] }
}

/** What {@link startWithRecovery} needs. */
export interface RecoveryOptions<T> {
  dataDir: string
  /** Starts the service; throws when the start is refused. */
  start(): Promise<T>
  /** Shows the failure and resolves with the choice (the native dialog in the app). */
  ask(failure: StartFailure): Promise<StartChoice>
  openFolder(dataDir: string): Promise<void>
  restore(dataDir: string, backup: string): Promise<RestoreResult>
  /** Removes the lock of `holder` (takeOverDataDir), for Open anyway. */
  takeOver(dataDir: string, holder: LockOwner): Promise<unknown>
  /** Tells the person what a restore did (or why it failed) before the next try. */
  inform(message: string, isError: boolean): Promise<void>
}

/**
 * Starts, and on a refused start asks what to do until the start succeeds
 * (resolves with what `start` gave) or the person quits (resolves undefined).
 * Opening the folder or restoring is followed by another try.
 */
export async function startWithRecovery<T>(options: RecoveryOptions<T>): Promise<T | undefined> {
  const failedBackups = new Set<string>()
  for (;;) {
    let failure: StartFailure
    try {
      return await options.start()
    } catch (error) {
      failure = await explainStartFailure(error, options.dataDir, failedBackups)
      if (failure.detail.startsWith('Unexpected error')) console.error('Plant Store could not start:', error)
    }
    const choice = await options.ask(failure)
    if (choice === 'quit') return undefined
    if (choice === 'open-folder') await options.openFolder(options.dataDir)
    if (choice === 'restore-latest' && failure.latestBackup !== undefined && !(await restoreAndTell(options, failure.latestBackup)))
      failedBackups.add(failure.latestBackup) // the next offer is the next newest
    if (choice === 'open-anyway' && failure.holder !== undefined) await options.takeOver(options.dataDir, failure.holder)
  }
}

/** Restores `backup` and says how it went; false when it could not be restored. */
async function restoreAndTell<T>(options: RecoveryOptions<T>, backup: string): Promise<boolean> {
  try {
    const result = await options.restore(options.dataDir, backup)
    const aside = result.keptAside ? ` The damaged file was kept as ${result.keptAside}.` : ''
    await options.inform(`Restored ${plantCountText(result)} from ${backup}.${aside}`, false)
    return true
  } catch (error) {
    const reason = describeStartFailure(error) ?? (error instanceof Error ? error.message : String(error))
    await options.inform(`The backup ${backup} could not be restored: ${reason}`, true)
    return false
  }
}
