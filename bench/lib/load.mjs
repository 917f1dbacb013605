#!/usr/bin/env node
/**
 * The load generator, run as its own process (forked once per bench run, fed
 * over IPC) so that it never shares an event loop with the server it
 * measures. Each message is one run:
 * `{origin, flavour, token, maxId, warmupS, durationS, timeoutS, groups}`;
 * the reply has, per group, completed requests per second, exact latency
 * percentiles (ms, sub-millisecond), status codes and errors.
 *
 * autocannon's own latency histogram has 1 ms resolution and keeps only 2xx
 * responses, so latencies are taken from its `response` events instead.
 */
import http from 'node:http'
import autocannon from 'autocannon'
import { toAutocannonRequests } from './scenarios.mjs'

/** Value at quantile `q` of sorted `values` (nearest rank). */
function quantile(sorted, q) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
}

/** Starts one group's connections; `latencies` fills as answers arrive, `done` resolves with the summary. */
function startGroup(spec, group, durationS) {
  const instance = autocannon({
    url: spec.origin,
    connections: group.connections,
    duration: durationS,
    timeout: spec.timeoutS,
    // autocannon stops only at a sampling tick (default every 1 s), which would round every run up to whole seconds.
    sampleInt: 100,
    requests: toAutocannonRequests(spec.flavour, group.ops, spec)
  })
  const latencies = []
  const codes = {}
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    latencies.push(responseTimeMs)
    codes[statusCode] = (codes[statusCode] ?? 0) + 1
  })
  const done = instance.then((result) => {
    latencies.sort((a, b) => a - b)
    const completed = latencies.length
    const round = (ms) => (ms === null ? null : Math.round(ms * 100) / 100)
    return {
      name: group.name,
      connections: group.connections,
      durationS: result.duration,
      completed,
      rps: completed / result.duration,
      p50: round(quantile(latencies, 0.5)),
      p99: round(quantile(latencies, 0.99)),
      max: round(latencies.at(-1) ?? null),
      mean: round(completed ? latencies.reduce((sum, ms) => sum + ms, 0) / completed : null),
      codes,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      bytesPerS: result.throughput.average
    }
  })
  return { instance, latencies, done }
}

/**
 * Runs all groups at once (e.g. readers and writers side by side) for
 * `durationS`, longer if needed until every group has `minSamples` answers
 * (a slow server at 100k plants answers a handful of requests a second), but
 * never beyond `maxDurationS`.
 */
function runGroups(spec, durationS, minSamples = 0, maxDurationS = durationS) {
  const started = spec.groups.map((group) => startGroup(spec, group, maxDurationS))
  const startedAt = Date.now()
  const timer = setInterval(() => {
    const elapsedS = (Date.now() - startedAt) / 1000
    if (elapsedS >= durationS && started.every(({ latencies }) => latencies.length >= minSamples)) {
      clearInterval(timer)
      for (const { instance } of started) instance.stop()
    }
  }, 20)
  return Promise.all(started.map(({ done }) => done)).finally(() => clearInterval(timer))
}

/** Waits for the answer to one cheap request, which queues behind the requests a finished run left in the server. */
function drain(spec) {
  return new Promise((resolve) => {
    http.get(`${spec.origin}/v3/bench-drain`, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', resolve)
  })
}

/** Now on the monotonic clock, in µs: the clock of V8's CPU profiles too, so a profile can be cut to the measured load. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n)

/** One run: warm-up (then let the server catch up), then the measured load, and when it ran. */
async function run(spec) {
  if (spec.warmupS > 0) {
    await runGroups(spec, spec.warmupS)
    await drain(spec)
  }
  const fromUs = monotonicUs()
  const groups = await runGroups(spec, spec.durationS, spec.minSamples, Math.max(spec.durationS, spec.maxDurationS))
  return { groups, window: { fromUs, toUs: monotonicUs() } }
}

process.on('message', (spec) => {
  run(spec).then(
    (result) => process.send({ ok: true, result }),
    (error) => process.send({ ok: false, error: String(error?.stack ?? error) })
  )
})
// The bench ended (or died): no orphan load generators.
process.on('disconnect', () => process.exit(0))
