/**
 * Reads a V8 .cpuprofile and says where the time went, by part of the
 * request's path (validation, change log, journal, h3, …) rather than by
 * function. Bundled code is mapped back to its source file through the
 * build's source maps (`electron-vite build --sourcemap`), so a function is
 * classified by the file it was written in. Each sample is billed to the
 * innermost frame that has a part: a Node internal that our code calls
 * (JSON.stringify, Buffer.from, createHash) counts for the caller, while the
 * HTTP transport, web streams and the async-hook machinery keep their own.
 */
import { existsSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

/** Parts of the path by source file (first match wins), in the order the tables list them. */
export const PARTS = [
  ['h3 routing + Request/Response (h3, srvx)', /node_modules\/(h3|srvx|rou3)\//],
  ['auth: token, Host/Origin, actor', /src-main\/(server\/security|auth)\//],
  ['body reading (size, UTF-8, JSON.parse, duplicate keys)', /src-main\/(server\/http\/read-json-body|lib\/duplicate-json-key)\.ts/],
  ['validation (field rules)', /src-shared\/plant-schema\.ts/],
  ['text rules (trim, characters, tags)', /src-shared\/(text-rules|tag-text)\.ts/],
  ['idempotency bookkeeping', /(idempotency-key|idempotency-keys)\.ts/],
  ['change-log entry', /src-main\/store\/history\/history-(entry|log|actor)\.ts/],
  ['history files + index (checkpoint)', /src-main\/store\/history\//],
  ['group commit (batching, answers)', /src-main\/store\/journal\/group-commit\.ts/],
  ['journal line (JSON encoding, write, fsync calls)', /src-main\/store\/(journal\/(journal|active-journal)|catalogue\/staged-change)\.ts/],
  ['folder check per batch (two lstat)', /src-main\/store\/folder\//],
  ['published-catalogue refresh', /src-main\/store\/catalogue\/(published-catalogue|live-plants)\.ts/],
  [
    'reading plants.json and the journals (parse, check, replay)',
    /src-main\/store\/file\/(data-file|load-plant-file|migrate|read-catalogue|open-catalogue)\.ts/
  ],
  ['checkpoints + backups (whole-file writes)', /src-main\/(store\/(journal\/checkpoints|file|backups)|lib\/durable-file)/],
  ['store: records, edits, rules', /src-main\/store\//],
  ['search cache', /src-main\/server\/search-cache\.ts/],
  ['SSE fan-out (change stream)', /src-main\/server\/routes\/(events|change-stream|event-replay)\.ts/],
  ['routes, ETag, problems', /src-main\/server\//],
  ['other code of ours', /src-(main|shared)\//],
  ['other packages', /node_modules\//],
  ['async hooks (AsyncLocalStorage)', /^node:(async_hooks|internal\/async_hooks|internal\/async_local_storage)/],
  ['web streams (request body as a ReadableStream)', /^node:internal\/(webstreams|worker\/js_transferable)/],
  ['node:http transport (parser, sockets)', /^node:(_http|net|internal\/(streams|stream_base_commons|http))/],
  ['module loading', /^node:internal\/(modules|bootstrap)/]
]

/** Reads the source map beside a bundled file once; null when there is none. */
function sourceMapLoader() {
  const maps = new Map()
  return (url) => {
    if (!maps.has(url)) {
      let map = null
      if (url.startsWith('file://')) {
        const file = fileURLToPath(url) + '.map'
        if (existsSync(file)) map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')))
      }
      maps.set(url, map)
    }
    return maps.get(url)
  }
}

/** The source a profile frame was written in: mapped through the bundle's source map when there is one. */
function sourceOf(callFrame, mapOf) {
  const { url, lineNumber, columnNumber } = callFrame
  const map = url ? mapOf(url) : null
  if (map) {
    const entry = map.findEntry(lineNumber, columnNumber)
    if (entry?.originalSource) return entry.originalSource.replace(/^.*?\/(src-main|src-shared|node_modules)\//, '$1/')
  }
  return url.replace(/^.*?\/(out|node_modules)\//, '$1/')
}

/** The part a frame belongs to, or undefined for a frame that bills its caller (a Node internal, a builtin). */
function partOf(callFrame, source) {
  const { functionName } = callFrame
  if (functionName === '(garbage collector)') return 'garbage collector'
  if (functionName === '(idle)') return 'idle (waiting for the disk or the clients)'
  if (functionName === '(program)') return '(program: V8 and native work outside JS)'
  if (/^promise(Init|Before|After|Resolve)Hook$/.test(functionName)) return 'async hooks (AsyncLocalStorage)'
  return PARTS.find(([, pattern]) => pattern.test(source))?.[0]
}

/**
 * Time per part between `fromUs` and `toUs` (the profile's clock: microseconds
 * of the monotonic clock, as process.hrtime), in µs; samples outside are left
 * out, so start-up and warm-up do not count. Unattributed time (a native or
 * internal frame with no part above it) is "other (Node internals)".
 */
export function timeByPart(profile, { fromUs = -Infinity, toUs = Infinity } = {}) {
  const mapOf = sourceMapLoader()
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const partById = new Map()
  const resolve = (id) => {
    if (partById.has(id)) return partById.get(id)
    const { callFrame } = nodes.get(id)
    const parent = parents.get(id)
    const part = partOf(callFrame, sourceOf(callFrame, mapOf)) ?? (parent === undefined ? 'other (Node internals)' : resolve(parent))
    partById.set(id, part)
    return part
  }
  const parts = new Map()
  let total = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (at < fromUs || at > toUs) return
    const part = resolve(id)
    parts.set(part, (parts.get(part) ?? 0) + delta)
    total += delta
  })
  return { totalUs: total, parts: [...parts].sort((a, b) => b[1] - a[1]) }
}

/** Self time per function (mapped to its source file), the `top` largest. */
export function topFunctions(profile, top) {
  const mapOf = sourceMapLoader()
  const selfUs = new Map()
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const functions = new Map()
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id)
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? sourceOf(callFrame, mapOf) : ''}`
    functions.set(name, (functions.get(name) ?? 0) + us)
  }
  return [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)
}
