/**
 * Reads a JSON request body safely: content type first, size enforced while
 * reading (not after), nesting bounded before JSON.parse walks the text.
 */
import type { Readable } from 'node:stream'
import type { H3Event } from 'h3'
import { MAX_BODY_BYTES } from '#shared/api-paths'
import { MAX_BODY_DEPTH } from '#shared/plant-schema'
import { findDuplicateKey } from '#lib/duplicate-json-key'
import { invalidInput, problem } from '#server/problems/problems'

/** The request's Content-Type header, its media type and charset (both lower case; charset undefined when not given). */
export function contentTypeOf(event: H3Event): { header: string; mediaType: string; charset: string | undefined } {
  const header = event.req.headers.get('content-type') ?? ''
  const [mediaType = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase())
  const charset = params
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '')
  return { header, mediaType, charset }
}

/** Throws 415 unless the request declares a JSON body (UTF-8; parameters allowed). */
function assertJsonContentType(event: H3Event): void {
  const { header, mediaType, charset } = contentTypeOf(event)
  if (mediaType === 'application/json' && (charset === undefined || charset === 'utf-8')) return
  throw problem('notJson', header)
}

/**
 * Throws 415 for a compressed body (any Content-Encoding but identity): it
 * would otherwise be read as broken text, or a plain body labelled `br` stored.
 */
export function assertUncompressed(event: H3Event): void {
  const header = event.req.headers.get('content-encoding')
  if (header === null) return
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '')
  if (!codings.every((coding) => coding === 'identity')) throw problem('compressedBody', header)
}

/**
 * Reads at most `limit` bytes of the body as UTF-8 (undefined when it is not
 * UTF-8), stopping (and throwing 413) as soon as the limit is exceeded.
 */
export async function readLimitedText(event: H3Event, limit: number = MAX_BODY_BYTES): Promise<string | undefined> {
  return decodeUtf8(await readLimitedBytes(event, limit))
}

/** The body's bytes, refused with 413 as soon as they pass `limit` (an import's workbook or CSV in any encoding). */
export async function readLimitedBytes(event: H3Event, limit: number = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(event.req.headers.get('content-length'))
  if (declared > limit) throw problem('bodyTooLarge', limit)
  if (event.req.method === 'GET' || event.req.method === 'HEAD') return new Uint8Array(0)
  const incoming = event.req.runtime?.node?.req
  return incoming && !event.req.bodyUsed ? await readIncoming(incoming, limit) : await readWebStream(event, limit)
}

/**
 * The body of a request served by node:http, read from the socket's own
 * stream: the ReadableStream that `event.req.body` wraps around it costs a
 * fifth of a small write's CPU time (web streams, transferable objects).
 */
function readIncoming(req: Readable, limit: number): Promise<Buffer> {
  if (req.readableEnded || req.destroyed) return Promise.reject(new Error('the request body was read already or the client went away'))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        // Read no further; the 413 closes the connection (close-after-refusal.ts).
        stop()
        req.pause()
        reject(problem('bodyTooLarge', limit))
      } else chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(req.errored ?? new Error('the client went away before its request body ended'))
    }
    req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose)
  })
}

/** The body as a web stream: requests made in-process (app.request in tests) have no node:http request. */
async function readWebStream(event: H3Event, limit: number): Promise<Uint8Array> {
  const stream = event.req.body
  if (!stream) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not cancel(): that would destroy the connection before the 413 is written; the answer closes it instead.
      reader.releaseLock()
      throw problem('bodyTooLarge', limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** One strict decoder for every body: decode() without `stream` keeps no state between calls. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true })

/** Decodes UTF-8 strictly: a body in another encoding would otherwise be stored with its letters broken. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes)
  } catch {
    return undefined
  }
}

/** Depth of the deepest array/object in JSON text, stopping early once past `max`. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--
  }
  return false
}

/** How a plant route's refusal of a body that cannot be used begins. */
export const NOT_A_PLANT = 'The body is not a plant'

/**
 * Reads and parses a JSON body; malformed or over-deep JSON (past `maxDepth`) throws invalid input with `invalidStatus`.
 * `refused` begins the detail of a body that parses but cannot be used (a key twice, too deep), naming what the
 * request was for: "The body is not a plant", "The shop setting was not changed".
 */
export async function readJsonBody(
  event: H3Event,
  invalidStatus: number,
  maxDepth = MAX_BODY_DEPTH,
  refused = 'The request was not carried out'
): Promise<unknown> {
  assertJsonContentType(event)
  assertUncompressed(event)
  const text = await readLimitedText(event, MAX_BODY_BYTES)
  if (text === undefined) {
    const message = 'the body is not valid UTF-8; send the JSON encoded as UTF-8'
    throw invalidInput(invalidStatus, `The body could not be read: ${message}.`, [{ field: '', message }])
  }
  if (text.trim() === '') {
    throw invalidInput(invalidStatus, 'The body is empty; send a JSON object.', [{ field: '', message: 'the body is empty' }])
  }
  if (jsonDepthExceeds(text, maxDepth)) {
    const message =
      maxDepth === MAX_BODY_DEPTH
        ? `the JSON is nested deeper than a plant can be (at most ${MAX_BODY_DEPTH} levels: an object holding a tags array)`
        : `the JSON is nested deeper than this request can be (at most ${maxDepth} levels)`
    throw invalidInput(invalidStatus, `${refused}: ${message}.`, [{ field: '', message }])
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'syntax error'
    throw invalidInput(invalidStatus, `The body is not valid JSON: ${reason}.`, [{ field: '', message: `malformed JSON: ${reason}` }])
  }
  const duplicate = findDuplicateKey(text)
  if (duplicate !== undefined) {
    const message = `the key ${JSON.stringify(duplicate)} is given more than once; give each field once`
    throw invalidInput(invalidStatus, `${refused}: ${message}.`, [{ field: duplicate, message }])
  }
  return body
}
