/**
 * Brings a catalogue file written by an older Plant Store up to the current
 * layout, one step per version, and refuses files from a newer one.
 */
import { DATA_FILE_VERSION, DataFileError } from './data-file'

/** Turns the content of a version-N file into version N+1. */
export type Migration = (data: Record<string, unknown>) => Record<string, unknown>

/**
 * MIGRATIONS[n] migrates version n to n+1; the next layout change adds
 * MIGRATIONS[4] and raises DATA_FILE_VERSION.
 */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  // 1 → 2: every plant carries the version its ETag is made of; a plant nobody has versioned yet is at version 1.
  1: (data) => ({ ...data, plants: Array.isArray(data.plants) ? data.plants.map(withFirstVersion) : data.plants }),
  // 2 → 3: plants may carry priceCents and tombstones (deletedAt); a version-2 file has neither, so it stays as it is.
  2: (data) => data,
  // 3 → 4: an idempotency record may be an import's (its answer, no plant); a version-3 file has none, so it stays as it is.
  3: (data) => data
}

function withFirstVersion(plant: unknown): unknown {
  if (typeof plant !== 'object' || plant === null || 'version' in plant) return plant // checkPlantFile judges it
  return { ...plant, version: 1 }
}

/** The layout a store reads and writes, and the steps that bring older files up to it. */
export interface FileLayout {
  /** The version written, and the newest one read. */
  version: number
  /** migrations[n] turns version n into n+1. */
  migrations: Readonly<Record<number, Migration>>
}

/** This build's layout. Tests open a store with another one to run a migration through ShopStore.open. */
export const CURRENT_LAYOUT: FileLayout = { version: DATA_FILE_VERSION, migrations: MIGRATIONS }

/** Result of {@link migrateToCurrent}. */
export interface Migrated {
  data: unknown
  /** The version the file had; below the current one when it was migrated. */
  fromVersion: number
}

/** Migrates parsed file content to `current`, or throws DataFileError for a newer or unknown version. */
export function migrateToCurrent(
  file: string,
  value: unknown,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
  current: number = DATA_FILE_VERSION
): Migrated {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { data: value, fromVersion: current }
  const version = (value as { version?: unknown }).version
  if (!Number.isSafeInteger(version) || (version as number) < 1) return { data: value, fromVersion: current }
  const from = version as number
  if (from > current) {
    throw new DataFileError(
      file,
      `the file was written by a newer Plant Store (file version ${from}; this app reads up to version ${current}). ` +
        'Install the newer Plant Store again; this one will not touch the file'
    )
  }
  let data = value as Record<string, unknown>
  for (let step = from; step < current; step++) {
    const migration = migrations[step]
    if (!migration) throw new DataFileError(file, `no migration from file version ${step} to ${step + 1}`)
    data = { ...migration(data), version: step + 1 }
  }
  return { data, fromVersion: from }
}
