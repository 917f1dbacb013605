/**
 * A re-read of a file that any number of callers may ask for at once (a
 * server's token files, on every unknown token): runs one at a time, and a
 * caller that asks while a run is waiting to start shares that run, which
 * will see whatever changed before it starts. A burst of callers costs at most
 * two runs, never one each.
 */

/** `task` as a function callers may call at will, with the runs shared as above. */
export function sharedRuns(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let waiting: Promise<void> | undefined
  return () => {
    if (waiting) return waiting
    const run = (running ?? Promise.resolve()).then(() => {
      waiting = undefined
      return task()
    })
    waiting = run
    running = run
    void run.finally(() => {
      if (running === run) running = undefined
    })
    return run
  }
}
