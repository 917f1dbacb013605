import { describe, expect, it } from 'vitest'
import { GroupCommit, WriteFailedError } from '../../src-main/store/group-commit'

/** A save function whose calls the test completes by hand, one at a time. */
function manualSaves() {
  const calls: { resolve: () => void; reject: (error: unknown) => void }[] = []
  const save = (_changes: unknown[]) => new Promise<void>((resolve, reject) => calls.push({ resolve, reject }))
  return { save, calls }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('GroupCommit', () => {
  it('answers each change with the outcome of the first write that holds it', async () => {
    const { save, calls } = manualSaves()
    const commits = new GroupCommit({ save, batchWindowMs: 0 })
    const state: number[] = []
    const change = (n: number) => commits.submit(() => {
      state.push(n)
      return { result: n, change: n, undo: () => state.splice(state.indexOf(n), 1) }
    })
    const first = [change(1), change(2)]
    await tick()
    expect(calls).toHaveLength(1) // 1 and 2 share the first write
    const second = [change(3), change(4)] // arrive while the first write runs
    await tick()
    expect(calls).toHaveLength(1) // and wait for the next write, not this one
    calls[0]!.resolve()
    await expect(Promise.all(first)).resolves.toEqual([1, 2])
    await tick()
    expect(calls).toHaveLength(2)
    calls[1]!.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))
    for (const p of second) await expect(p).rejects.toBeInstanceOf(WriteFailedError)
    expect(state).toEqual([1, 2]) // exactly the failed write's changes were undone
  })

  it('does not make an early caller wait for writes that started after its change', async () => {
    const { save, calls } = manualSaves()
    const commits = new GroupCommit({ save, batchWindowMs: 0 })
    let answered = false
    void commits.submit(() => ({ result: 'a', change: 'a', undo: () => undefined })).then(() => (answered = true))
    await tick()
    void commits.submit(() => ({ result: 'b', change: 'b', undo: () => undefined }))
    calls[0]!.resolve()
    await tick()
    expect(answered).toBe(true)
    expect(calls).toHaveLength(2) // the second write is still pending; the first caller did not wait for it
  })

  it('needs no write for a change that changed nothing', async () => {
    const { save, calls } = manualSaves()
    const commits = new GroupCommit({ save, batchWindowMs: 0 })
    await expect(commits.submit(() => ({ result: 'unchanged' }))).resolves.toBe('unchanged')
    expect(calls).toHaveLength(0)
  })

  it('rejects only the change whose apply threw', async () => {
    const { save, calls } = manualSaves()
    const commits = new GroupCommit({ save, batchWindowMs: 0 })
    const bad = expect(
      commits.submit(() => {
        throw new Error('broken rule')
      })
    ).rejects.toThrow('broken rule')
    const good = commits.submit(() => ({ result: 1, change: 1, undo: () => undefined }))
    await tick()
    calls[0]!.resolve()
    await bad
    await expect(good).resolves.toBe(1)
  })

  it('close waits for queued writes and then refuses more', async () => {
    const { save, calls } = manualSaves()
    const commits = new GroupCommit({ save, batchWindowMs: 0 })
    const pending = commits.submit(() => ({ result: 1, change: 1, undo: () => undefined }))
    let closed = false
    const closing = commits.close().then(() => (closed = true))
    await tick()
    expect(closed).toBe(false)
    calls[0]!.resolve()
    await closing
    await expect(pending).resolves.toBe(1)
    await expect(commits.submit(() => ({ result: 2 }))).rejects.toThrow(/shutting down/)
  })

  it('runs an exclusive task between batches: after earlier changes are saved, before later ones are applied', async () => {
    const log: string[] = []
    const commits = new GroupCommit<string>({
      save: async (changes) => {
        log.push(`save ${changes.join(',')}`)
      },
      batchWindowMs: 0
    })
    const change = (name: string) => commits.submit(() => {
      log.push(`apply ${name}`)
      return { result: name, change: name, undo: () => undefined }
    })
    const done = [change('a'), commits.exclusive(async () => void log.push('exclusive')), change('b')]
    await Promise.all(done)
    expect(log).toEqual(['apply a', 'save a', 'exclusive', 'apply b', 'save b'])
  })
})
