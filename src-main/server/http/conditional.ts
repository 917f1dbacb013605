/**
 * Optimistic concurrency over HTTP (RFC 9110 §13): every answer that carries a
 * whole plant's state carries its ETag, and a write sent with If-Match becomes
 * a {@link WriteCondition} the store checks in the same step as the write.
 */
import type { H3Event } from 'h3'
import { parsePlantEtag, plantEtag } from '#shared/etag'
import { HEADER_SPACE_RANGES, literalClass } from '#shared/literal-class'
import type { Plant } from '#shared/plant'
import type { WriteCondition } from '#store'
import { problem } from '#server/problems/problems'

/** Sets the ETag of `plant` (its id and version) on the answer. */
export function setPlantEtag(event: H3Event, plant: Pick<Plant, 'id' | 'version'>): void {
  event.res.headers.set('etag', plantEtag(plant.id, plant.version))
}

// One element of an If-Match list (RFC 9110 §8.8.3): optional W/, then a quoted opaque tag; commas separate them.
const ENTITY_TAG = /\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(,|$)/y

const HEADER_SPACE = `[${literalClass(HEADER_SPACE_RANGES)}]*`
const PUBLISHED_TAG = `(?:W/)?"[${literalClass([
  [0x21, 0x21],
  [0x23, 0x7e],
  [0x80, 0xff]
])}]*"`

/**
 * What {@link readIfMatch} accepts, as a pattern in JSON Schema's interoperable subset, for the published
 * document: `*`, or one or more entity tags separated by commas (a trailing comma is let pass, as the parser does).
 */
export const IF_MATCH_PATTERN = `^${HEADER_SPACE}(?:[*]|${PUBLISHED_TAG}(?:${HEADER_SPACE},${HEADER_SPACE}${PUBLISHED_TAG})*${HEADER_SPACE},?)${HEADER_SPACE}$`

/** The tags of an If-Match value: `*`, or the listed tags; undefined when the value is malformed. */
export function parseIfMatch(value: string): '*' | { tag: string; weak: boolean }[] | undefined {
  const text = value.trim()
  if (text === '*') return '*'
  const tags: { tag: string; weak: boolean }[] = []
  let at = 0
  while (at < text.length) {
    ENTITY_TAG.lastIndex = at
    const match = ENTITY_TAG.exec(text)
    if (!match?.[2]) return undefined
    tags.push({ tag: match[2], weak: match[1] !== undefined })
    at = ENTITY_TAG.lastIndex
  }
  return tags.length > 0 ? tags : undefined
}

/**
 * The condition If-Match puts on a write to plant `id`: none without the
 * header; only that the plant exists for `*`; otherwise one of the versions its
 * tags name for this plant. Weak tags and other plants' tags never match
 * (strong comparison, §13.1.1), so they make the write fail with 412.
 */
export function readIfMatch(event: H3Event, id: number): WriteCondition | undefined {
  const header = event.req.headers.get('if-match')
  if (header === null) return undefined
  const tags = parseIfMatch(header)
  if (tags === undefined) {
    throw problem(
      'invalidHeader',
      'If-Match',
      `it must be * or one or more quoted entity tags such as "${id}-3" (the plant's ETag, or "ID-VERSION" with a version from a list)`
    )
  }
  if (tags === '*') return {}
  const versions = tags.flatMap(({ tag, weak }) => {
    const named = weak ? undefined : parsePlantEtag(tag)
    return named?.id === id ? [named.version] : []
  })
  return { ifVersion: versions }
}
