/**
 * Retries of adds: a network hiccup or a 503 (the change was not saved) is
 * retried a few times with growing, jittered pauses. Safe only because every
 * add carries an Idempotency-Key: if the first attempt did reach the disk, the
 * retry gets its answer back instead of adding the plant twice.
 */
import { ApiError } from './api-errors'

/** How often and how patiently to retry. */
export interface RetryPolicy {
  /** Attempts in all, the first included (default 4). */
  attempts?: number
  /** Pause before the first retry, doubled for each one after it (default 250 ms). */
  initialDelayMs?: number
  /** Longest pause (default 2 s). */
  maxDelayMs?: number
}

/** True for failures a retry may cure: no answer at all, or 503 (nothing was saved; try again). */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503)
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    function stop() {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

/**
 * The pause before retry number `attempt` (1, 2, …): `initialMs` doubled per attempt up to `maxMs`, with ±20 % jitter
 * (never past `maxMs`), so that many clients cut off together do not all come back at the same moment.
 */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.round(Math.min(maxMs, initialMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4)))
}

/** Runs `attempt` until it succeeds, fails for a reason a retry cannot cure, or the attempts are used up. */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy = {}, signal?: AbortSignal): Promise<T> {
  const attempts = Math.max(1, policy.attempts ?? 4)
  const initial = policy.initialDelayMs ?? 250
  const max = policy.maxDelayMs ?? 2000
  for (let tried = 1; ; tried++) {
    try {
      return await attempt()
    } catch (error) {
      if (tried >= attempts || !isRetryable(error)) throw error
      await pause(backoffDelay(tried, initial, max), signal)
    }
  }
}

/** A new random idempotency key (a UUID) for one add. */
export function newIdempotencyKey(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  // Pages served over plain http from another address than localhost have no randomUUID; getRandomValues still works.
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
