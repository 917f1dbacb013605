/**
 * Preloaded into every server the bench starts (`node --import …`), the same
 * for ours, the baseline and json-server: on SIGUSR2 it runs a full GC and
 * prints `[bench-heap] <heapUsed> <rss>` (bytes) to stderr. The bench reads
 * the heap left after GC this way without `--expose-gc`: gc() is taken once
 * into this module's scope and never becomes a global the server could see.
 */
import v8 from 'node:v8'
import vm from 'node:vm'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc')
v8.setFlagsFromString('--no-expose-gc')

process.on('SIGUSR2', () => {
  gc()
  const { heapUsed, rss } = process.memoryUsage()
  process.stderr.write(`[bench-heap] ${heapUsed} ${rss}\n`)
})
