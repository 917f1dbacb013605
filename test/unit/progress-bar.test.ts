import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TerminalProgress, commandProgress, formatBytes, renderProgress } from '#cli/output/progress-bar'

describe('a progress frame', () => {
  it('fills a bar with a percentage when the size is known', () => {
    expect(renderProgress({ label: 'Reading stock.csv', done: 12_300_000, total: 29_000_000, elapsedMs: 3400, tick: 0 })).toBe(
      'Reading stock.csv [##########--------------]   42%  12.3 MB of 29.0 MB  3 s'
    )
    expect(renderProgress({ label: 'Reading', done: 0, total: 10, elapsedMs: 0, tick: 0 })).toBe(
      `Reading [${'-'.repeat(24)}]    0%  0 B of 10 B  0 s`
    )
    expect(renderProgress({ label: 'Reading', done: 11, total: 10, elapsedMs: 1000, tick: 0 })).toBe(
      `Reading [${'#'.repeat(24)}]  100%  11 B of 10 B  1 s`
    )
  })

  it('moves a block to and fro when the size is not known, with the bytes so far', () => {
    const at = (tick: number) => renderProgress({ label: 'Exporting', done: 48_200, elapsedMs: 1500, tick })
    expect(at(0)).toBe(`Exporting [####${'-'.repeat(20)}]  48.2 kB  1 s`)
    expect(at(1)).toBe(`Exporting [-####${'-'.repeat(19)}]  48.2 kB  1 s`)
    expect(at(20)).toBe(`Exporting [${'-'.repeat(20)}####]  48.2 kB  1 s`)
    expect(at(21)).toBe(`Exporting [${'-'.repeat(19)}####-]  48.2 kB  1 s`)
    expect(at(40)).toBe(at(0))
    expect(renderProgress({ label: 'Importing', done: 0, elapsedMs: 2000, tick: 0 })).toBe(`Importing [####${'-'.repeat(20)}]  2 s`)
  })

  it('is cut to the terminal width (a wrapped line could not be redrawn in place)', () => {
    expect(renderProgress({ label: 'Exporting to /a/long/path.csv', done: 5, elapsedMs: 0, tick: 0, columns: 20 })).toBe('Exporting to /a/lon')
  })

  it('writes sizes in decimal units', () => {
    expect([formatBytes(999), formatBytes(1000), formatBytes(999_949), formatBytes(18_300_000)]).toEqual(['999 B', '1.0 kB', '999.9 kB', '18.3 MB'])
  })
})

describe('the progress line on a terminal', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const terminal = (isTTY = true) => {
    const written: string[] = []
    return { isTTY, columns: 80, write: (text: string) => written.push(text), written }
  }

  it('draws nothing for work done within a second, then redraws in place, and wipes its line at the end', () => {
    const stream = terminal()
    const progress = new TerminalProgress(stream, true, { now: Date.now })
    progress.phase('Reading stock.csv', 1000)
    progress.advance(400)
    vi.advanceTimersByTime(900)
    expect(stream.written).toEqual([])
    vi.advanceTimersByTime(100)
    expect(stream.written).toEqual([`\r\x1b[2KReading stock.csv [#########---------------]   40%  400 B of 1.0 kB  1 s`])
    progress.phase('Importing stock.csv') // a new step shows at once once the line is up
    expect(stream.written.at(-1)).toMatch(/^\r\x1b\[2KImporting stock\.csv \[/)
    progress.finish()
    expect(stream.written.at(-1)).toBe('\r\x1b[2K')
    const count = stream.written.length
    vi.advanceTimersByTime(5000)
    expect(stream.written).toHaveLength(count) // stopped
  })

  it('never draws when disabled, and finishing writes nothing when nothing was drawn', () => {
    const stream = terminal()
    const progress = new TerminalProgress(stream, false)
    progress.phase('Exporting')
    vi.advanceTimersByTime(10_000)
    progress.finish()
    const quick = new TerminalProgress(stream, true)
    quick.phase('Exporting')
    quick.finish()
    vi.advanceTimersByTime(10_000)
    expect(stream.written).toEqual([])
  })

  it('is on only for a terminal on stderr, not for TERM=dumb nor when the data itself goes to that terminal', () => {
    const on = (stream: ReturnType<typeof terminal>, env: NodeJS.ProcessEnv, clash = false) => {
      const progress = commandProgress({ PLANT_STORE_PROGRESS_AFTER_MS: '0', ...env }, clash, stream)
      progress.phase('Exporting')
      vi.advanceTimersByTime(200)
      progress.finish()
      return stream.written.length > 0
    }
    expect(on(terminal(), {})).toBe(true)
    expect(on(terminal(false), {})).toBe(false)
    expect(on(terminal(), { TERM: 'dumb' })).toBe(false)
    expect(on(terminal(), {}, true)).toBe(false)
    // The usual one-second wait when the variable is absent or empty.
    expect(on(terminal(), { PLANT_STORE_PROGRESS_AFTER_MS: '' })).toBe(false)
  })
})
