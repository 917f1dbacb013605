import { describe, expect, it } from 'vitest'
import { GroupCommit, WriteFailedError } from '#store/journal/group-commit'

/** A state with a prepared layer, saved by calls the test completes by hand. */
function harness() {
  const saves: { changes: number[]; resolve: () => void; reject: (error: unknown) => void }[] = []
  const published: number[] = []
  let prepared: number[] = []
  const commits = new GroupCommit<number>({
    save: (changes) =>
      new Promise<void>((resolve, reject) =>
        saves.push({
          changes,
          resolve: () => {
            published.push(...prepared)
            prepared = []
            resolve()
          },
          reject
        })
      ),
    discard: () => (prepared = []),
    batchWindowMs: 0
  })
  const change = (n: number) =>
    commits.submit(() => {
      prepared.push(n)
      return { result: n, change: n }
    })
  return { commits, saves, published, change }
}

/**
 * Lets the queue run until it waits on a save the test completes by hand: with batchWindowMs 0 a batch starts in
 * a setImmediate callback, and Node runs the microtasks it queues before the next one, so this is no timed wait.
 */
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('GroupCommit', () => {
  it('answers each change with the outcome of the first write that holds it', async () => {
    const { saves, published, change } = harness()
    const first = [change(1), change(2)]
    await tick()
    expect(saves.map((s) => s.changes)).toEqual([[1, 2]]) // 1 and 2 share the first write
    const second = [change(3), change(4)] // arrive while the first write runs
    await tick()
    expect(saves).toHaveLength(1) // and wait for the next write, not this one
    saves[0]!.resolve()
    await expect(Promise.all(first)).resolves.toEqual([1, 2])
    await tick()
    expect(saves[1]!.changes).toEqual([3, 4])
    saves[1]!.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))
    for (const p of second) await expect(p).rejects.toBeInstanceOf(WriteFailedError)
    expect(published).toEqual([1, 2]) // the failed write's changes were discarded, never published
  })

  it('does not make an early caller wait for writes that started after its change', async () => {
    const { saves, change } = harness()
    let answered = false
    void change(1).then(() => (answered = true))
    await tick()
    void change(2)
    saves[0]!.resolve()
    await tick()
    expect(answered).toBe(true)
    expect(saves).toHaveLength(2) // the second write is still pending; the first caller did not wait for it
  })

  it('needs no write for a request that changed nothing, and answers it even when its batch fails', async () => {
    const { commits, saves, change } = harness()
    await expect(commits.submit(() => ({ result: 'unchanged' }))).resolves.toBe('unchanged')
    expect(saves).toHaveLength(0)
    const changed = change(1)
    const notFound = commits.submit(() => ({ result: undefined }))
    await tick()
    saves[0]!.reject(new Error('EIO'))
    await expect(changed).rejects.toBeInstanceOf(WriteFailedError)
    await expect(notFound).resolves.toBeUndefined()
  })

  it('rejects only the change whose preparation threw', async () => {
    const { commits, saves, change } = harness()
    const bad = expect(
      commits.submit(() => {
        throw new Error('broken rule')
      })
    ).rejects.toThrow('broken rule')
    const good = change(1)
    await tick()
    saves[0]!.resolve()
    await bad
    await expect(good).resolves.toBe(1)
  })

  it('keeps working after a save that throws synchronously', async () => {
    let fail = true
    const commits = new GroupCommit<number>({
      save: async () => {
        if (fail) throw new Error('boom')
      },
      discard: () => undefined,
      batchWindowMs: 0
    })
    await expect(commits.submit(() => ({ result: 1, change: 1 }))).rejects.toBeInstanceOf(WriteFailedError)
    fail = false
    await expect(commits.submit(() => ({ result: 2, change: 2 }))).resolves.toBe(2)
  })

  it('close waits for queued writes and then refuses more, exclusive tasks included', async () => {
    const { commits, saves, change } = harness()
    const pending = change(1)
    let closed = false
    const closing = commits.close().then(() => (closed = true))
    await tick()
    expect(closed).toBe(false)
    saves[0]!.resolve()
    await closing
    await expect(pending).resolves.toBe(1)
    await expect(change(2)).rejects.toThrow(/shutting down/)
    await expect(commits.exclusive(async () => undefined)).rejects.toThrow(/shutting down/)
  })

  it('runs an exclusive task between batches: after earlier changes are saved, before later ones are prepared', async () => {
    const log: string[] = []
    const commits = new GroupCommit<string>({
      save: async (changes) => void log.push(`save ${changes.join(',')}`),
      discard: () => undefined,
      batchWindowMs: 0
    })
    const change = (name: string) =>
      commits.submit(() => {
        log.push(`prepare ${name}`)
        return { result: name, change: name }
      })
    await Promise.all([change('a'), commits.exclusive(async () => void log.push('exclusive')), change('b')])
    expect(log).toEqual(['prepare a', 'save a', 'exclusive', 'prepare b', 'save b'])
  })
})
