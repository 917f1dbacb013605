/** Reads catalogue file text into checked, current-version data. */
import { checkPlantFile, parseDataFileText, type PlantFile } from './data-file'
import { CURRENT_LAYOUT, migrateToCurrent, type FileLayout } from './migrate'

/** A catalogue read from disk. */
export interface LoadedPlantFile {
  data: PlantFile
  /** Version the file had on disk; below the current one when it was migrated in memory. */
  fromVersion: number
}

/** Parses, migrates (to `layout`) and checks `text` read from `file`; throws DataFileError naming what is wrong. */
export function loadPlantFile(file: string, text: string, layout: FileLayout = CURRENT_LAYOUT): LoadedPlantFile {
  const migrated = migrateToCurrent(file, parseDataFileText(file, text), layout.migrations, layout.version)
  return { data: checkPlantFile(file, migrated.data, layout.version), fromVersion: migrated.fromVersion }
}
