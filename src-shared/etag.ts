/**
 * A plant's entity tag (RFC 9110 §8.8.3): strong, and naming both the plant
 * and its version, e.g. `"7-3"`, so that a tag read from one plant can never
 * pass as another's. The server sends it as ETag; clients send it back in
 * If-Match to change a plant only if nobody changed it since they read it.
 */

/** The ETag of plant `id` at `version`. */
export function plantEtag(id: number, version: number): string {
  return `"${id}-${version}"`
}

const PLANT_ETAG = /^"(\d{1,16})-(\d{1,16})"$/

/** The plant id and version an ETag names, or undefined when it is not a plant's tag (a weak tag never is). */
export function parsePlantEtag(etag: string): { id: number; version: number } | undefined {
  const match = PLANT_ETAG.exec(etag.trim())
  if (!match) return undefined
  const id = Number(match[1])
  const version = Number(match[2])
  return Number.isSafeInteger(id) && Number.isSafeInteger(version) ? { id, version } : undefined
}
