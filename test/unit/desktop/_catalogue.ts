/** Data folders for the desktop tests: a damaged catalogue, a backup, a newer file. */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** A valid catalogue with one plant, Fern. */
export const GOOD_CATALOGUE = JSON.stringify({
  version: 1,
  nextId: 2,
  plants: [
    { id: 1, name: 'Fern', tags: ['shade'], status: 'available', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }
  ]
})

/** Writes a truncated plants.json into `dir`. */
export async function damageCatalogue(dir: string): Promise<string> {
  const file = path.join(dir, 'plants.json')
  await writeFile(file, '{"version":1,"nextId":2,"pla')
  return file
}

/** Writes a backup holding GOOD_CATALOGUE into DIR/backups; returns its path. */
export async function addBackup(dir: string): Promise<string> {
  await mkdir(path.join(dir, 'backups'), { recursive: true })
  const file = path.join(dir, 'backups', 'plants-2026-01-01T00-00-00-000Z.json')
  await writeFile(file, GOOD_CATALOGUE)
  return file
}
