/**
 * Interleaving, counted: another request sent one after another while a long
 * request runs, so a test can show the server kept answering without
 * asserting milliseconds (the bench measures those).
 */
import { expect } from 'vitest'
import type { TestApp } from './in-process'

/** Sends GET `path` one after another until `work` settles; resolves with its response and the answers counted meanwhile. */
export async function answersDuring(test: TestApp, work: Promise<Response>, path: string): Promise<{ response: Response; answers: number }> {
  let settled = false
  void work.finally(() => (settled = true))
  let answers = 0
  while (!settled) {
    const response = await test.call('GET', path)
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    answers++
    // In-process calls resolve on promises alone; a real client's next request arrives as I/O, after a turn of the loop.
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { response: await work, answers }
}
