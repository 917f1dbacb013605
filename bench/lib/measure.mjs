/**
 * One measurement: a scenario's load against one running server, from a
 * separate load-generator process, with the server's peak RSS during the run
 * and its heap after a full GC at the end.
 */
import { fork } from 'node:child_process'
import path from 'node:path'
import { collectGarbage, drain, procCpuMs, procStatusMiB, resetPeakRss } from './servers.mjs'

const LOAD_SCRIPT = path.join(import.meta.dirname, 'load.mjs')

/** The load-generator process: forked once, then one IPC message per run. */
export class LoadGenerator {
  #child = fork(LOAD_SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })

  /** Runs one load `spec` and resolves with its result. */
  run(spec) {
    return new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`the load generator exited with ${code}`))
      this.#child.once('exit', onExit)
      this.#child.once('message', (reply) => {
        this.#child.off('exit', onExit)
        if (reply.ok) resolve(reply.result)
        else reject(new Error(`load generator: ${reply.error}`))
      })
      this.#child.send(spec)
    })
  }

  /** Lets the process end. */
  close() {
    if (this.#child.connected) this.#child.disconnect()
  }
}

/** Samples VmRSS every 50 ms; `stop()` returns the highest value seen. */
function sampleRss(pid) {
  let peak = procStatusMiB(pid, 'VmRSS') ?? 0
  const timer = setInterval(() => (peak = Math.max(peak, procStatusMiB(pid, 'VmRSS') ?? 0)), 50)
  return () => {
    clearInterval(timer)
    return peak
  }
}

/**
 * Measures `scenario` against `server` (warm-up, then `durationS` seconds of
 * load), then waits for the server to work off any backlog. Besides the
 * clients' figures: the server's CPU time per answered request over the
 * measured load (user + system, from /proc), which a busy machine disturbs
 * far less than requests per second, and when the measured load ran.
 */
export async function measure(load, server, scenario, { size, warmupS, durationS, maxDurationS, minSamples, timeoutS }) {
  const kernelPeak = resetPeakRss(server.pid)
  const stopSampling = sampleRss(server.pid)
  const spec = { origin: server.origin, flavour: server.flavour, token: server.token, maxId: size, timeoutS, groups: scenario.groups }
  if (warmupS > 0) {
    await load.run({ ...spec, warmupS: 0, durationS: warmupS, maxDurationS: warmupS, minSamples: 0 })
    await drain(server)
  }
  const cpuBefore = procCpuMs(server.pid)
  const { groups, window } = await load.run({ ...spec, warmupS: 0, durationS, maxDurationS, minSamples })
  const cpuMs = procCpuMs(server.pid) - cpuBefore
  await drain(server)
  const sampledPeak = stopSampling()
  const peakRssMiB = Math.max(sampledPeak, kernelPeak ? (procStatusMiB(server.pid, 'VmHWM') ?? 0) : 0)
  // A full GC after every run: it measures what the run left behind, and the next run starts from a clean heap.
  const { heapMiB } = await collectGarbage(server)
  const answered = groups.reduce((sum, group) => sum + group.completed, 0)
  return { groups, window, cpuMsPerRequest: answered > 0 ? cpuMs / answered : null, peakRssMiB, heapAfterGcMiB: heapMiB }
}
