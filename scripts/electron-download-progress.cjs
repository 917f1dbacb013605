// Loaded into the `electron` package's own installer by ensure-electron.js (node --require this install.js):
// reports how much of the download has arrived to the parent over IPC, so that it can show progress and notice
// a stalled download. The installer (@electron/get) downloads with the global fetch, which is wrapped here.
'use strict'

const REPORT_EVERY_MS = 200
// Checksum files and the like are not worth a progress line.
const SMALLEST_REPORTED = 1_000_000
const realFetch = globalThis.fetch

globalThis.fetch = async function fetchWithProgress(...args) {
  const response = await realFetch(...args)
  const total = Number(response.headers.get('content-length')) || undefined
  if (!response.body || typeof process.send !== 'function' || (total !== undefined && total < SMALLEST_REPORTED)) return response
  let received = 0
  let reportedAt = 0
  const counting = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength
      const now = Date.now()
      if (now - reportedAt >= REPORT_EVERY_MS || received === total) {
        reportedAt = now
        process.send({ received, total })
      }
      controller.enqueue(chunk)
    }
  })
  const counted = new Response(response.body.pipeThrough(counting), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers
  })
  // The installer names the address in its errors (HTTP 404 …): keep it.
  Object.defineProperty(counted, 'url', { value: response.url })
  return counted
}

// The IPC channel must not keep the installer alive once its work is done.
process.channel?.unref()
