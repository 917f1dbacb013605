/** Catalogue files written by hand, for tests that start from a folder already holding one. */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { makeTempDir } from './temp-dir'

/** The time stamped on hand-written plants. */
export const AT = '2024-05-01T09:00:00.000Z'

/** A stored plant record with id `id` (name `p<id>`), with `extra` fields over it. */
export function plantRecord(id: number, extra: object = {}): object {
  return { id, name: `p${id}`, tags: [], status: 'available', createdAt: AT, updatedAt: AT, ...extra }
}

/** The text of a plants.json (version 1) holding `plants`, with `extra` top-level fields. */
export function catalogueText(nextId: number, plants: object[], extra: object = {}): string {
  return JSON.stringify({ version: 1, nextId, plants, ...extra })
}

/** A one-plant catalogue: Fern, id 1. */
export const FERN_CATALOGUE = catalogueText(2, [plantRecord(1, { name: 'Fern' })])

/** A fresh data folder (`…/data`, 0700) holding {@link FERN_CATALOGUE} as plants.json (0600). */
export async function catalogueFolder(): Promise<string> {
  const dir = path.join(await makeTempDir(), 'data')
  await mkdir(dir, { mode: 0o700 })
  await writeFile(path.join(dir, 'plants.json'), FERN_CATALOGUE, { mode: 0o600 })
  return dir
}
