/**
 * Whether a folder holds Plant Store data: commands that only look after an
 * existing catalogue (tokens, plants) refuse a folder without one rather than
 * quietly create files in the wrong place (a typo in --data, an unset variable).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { DATA_FILE_NAME } from '#store'
import { AppError, EXIT_CODES } from '#shared/app-error'

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

/** Throws NoCatalogueError unless `dir` holds a catalogue. */
export function requireCatalogue(dir: string): void {
  if (!existsSync(path.join(dir, DATA_FILE_NAME))) throw new NoCatalogueError(path.resolve(dir))
}
