/**
 * `plant-store export | head` is how a script writer first looks at an export.
 * When the reader stops early, the write fails with EPIPE; that is the reader's
 * choice, not a failure, so the command must end quietly (it printed a stack
 * trace as an "unexpected error" and exited 1).
 */
import { describe, expect, it } from 'vitest'
import { BIN, runProgram } from '#setup/serve-process'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

describe('plant-store export into a pipe closed early', () => {
  it('ends quietly with exit code 0 when the reader (head) stops reading', async () => {
    const { store, dir: data } = await openTestStore()
    // Far more than a pipe holds (64 KiB), so the export is still writing when head has gone.
    await store.applyBatch({ adds: Array.from({ length: 5000 }, (_, n) => ({ name: `Fern ${n}`, category: 'Ferns' })), updates: [] }, CLI_ACTOR)
    await store.close()
    for (const format of ['csv', 'json']) {
      const command = `set -o pipefail; "${process.execPath}" "${BIN}" export --format ${format} --data "${data}" | head -c 100 >/dev/null`
      const result = await runProgram('bash', ['-c', command])
      expect(result).toEqual({ code: 0, stdout: '', stderr: '' })
    }
  })

  it('ends a table listing quietly when the reader (head) stops reading', async () => {
    const { store, dir: data } = await openTestStore()
    await store.applyBatch({ adds: Array.from({ length: 5000 }, (_, n) => ({ name: `Fern ${n}`, category: 'Ferns' })), updates: [] }, CLI_ACTOR)
    await store.close()
    const command = `set -o pipefail; "${process.execPath}" "${BIN}" plants list --data "${data}" | head -2 >/dev/null`
    const result = await runProgram('bash', ['-c', command])
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' })
  })
})
