/**
 * Whether a folder holds Plant Store data: commands that only look after an
 * existing catalogue (tokens, plants) refuse a folder without one rather than
 * quietly create files in the wrong place (a typo in --data, an unset variable).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { DATA_FILE_NAME, liveLockHolder } from '#store'
import { AppError, EXIT_CODES } from '#shared/app-error'
import { FIRST_RUN_HOLDER } from '#till/first-run'

/** The folder has no catalogue. */
export class NoCatalogueError extends AppError {
  constructor(readonly dir: string) {
    super(
      `there is no Plant Store data in ${dir} (no ${DATA_FILE_NAME}); check --data or PLANT_STORE_DATA, ` +
        'or start Plant Store there once (plant-store serve --data DIR)',
      { exitCode: EXIT_CODES.notFound }
    )
    this.name = 'NoCatalogueError'
  }
}

/** The folder has no catalogue yet because Plant Store shows its first-run screen on it. */
export class FirstRunPendingError extends AppError {
  constructor(readonly dir: string) {
    super(
      `Plant Store is running on ${dir} and waits on its first-run screen: choose there whether this computer is the ` +
        'main computer or a till (in the window, or the page plant-store serve printed), then run this command again',
      { exitCode: EXIT_CODES.notFound }
    )
    this.name = 'FirstRunPendingError'
  }
}

/** Throws NoCatalogueError (FirstRunPendingError while a first run waits there) unless `dir` holds a catalogue. */
export async function requireCatalogue(dir: string): Promise<void> {
  if (existsSync(path.join(dir, DATA_FILE_NAME))) return
  if ((await liveLockHolder(dir))?.holder === FIRST_RUN_HOLDER) throw new FirstRunPendingError(path.resolve(dir))
  throw new NoCatalogueError(path.resolve(dir))
}
