/**
 * The till windows' open baskets, one JSON file each in the data folder's `baskets/` (named by the window's basket
 * id), written durably so a basket survives a reload and a restart. Not part of the catalogue's journal: a basket
 * is a draft; the sale it becomes is the durable record (sale-book.ts).
 */
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '#lib/durable-file'
import { readTextIfPresent } from '#lib/fs-errors'
import type { Basket } from '#shared/basket'

/** The folder of the baskets in data folder `dir`. */
export const basketsDir = (dir: string): string => path.join(dir, 'baskets')

/** The file of basket `id` (checked against BASKET_ID by the caller: no path separators). */
const fileOf = (dir: string, id: string) => path.join(basketsDir(dir), `${id}.json`)

/** The basket kept under `id`, or undefined when none is. */
export async function readBasket(dir: string, id: string): Promise<Basket | undefined> {
  const text = await readTextIfPresent(fileOf(dir, id))
  return text === undefined ? undefined : (JSON.parse(text) as Basket)
}

/** Keeps `basket` under `id`, replacing the one before (durably: a crash leaves the old or the new). */
export async function writeBasket(dir: string, id: string, basket: Basket): Promise<void> {
  await mkdir(basketsDir(dir), { recursive: true, mode: 0o700 }) // private like the data folder, whatever the umask
  await replaceFile(fileOf(dir, id), `${JSON.stringify(basket)}\n`)
}

/** Forgets basket `id` (a completed sale, or the basket emptied); true when there was one. */
export async function deleteBasket(dir: string, id: string): Promise<boolean> {
  const file = fileOf(dir, id)
  const existed = (await readBasket(dir, id)) !== undefined
  await rm(file, { force: true })
  return existed
}
