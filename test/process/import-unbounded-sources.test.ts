/**
 * `plant-store import` of something that is no regular file: a device that
 * never ends (/dev/zero) or a pipe (a FIFO, a shell's `<(command)`). stat says
 * 0 bytes for both, so the size check let them through and the command read
 * without end. The limit now holds for what is read: such a source is read up
 * to the limit like a file, and refused past it. The CLI also lists only the
 * first errors and counts the rest, and refuses a header wider than any sheet.
 */
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const OVER = (file: string) => `plant-store: ${file} is over 32 MiB, the most an import takes; split it into smaller files\n`

/** A FIFO in a temp folder, and a writer that sends `chunks` into it until they end or the reader goes away. */
async function fifoFeeding(chunks: () => Iterable<Buffer>): Promise<{ fifo: string; fed: Promise<number> }> {
  const fifo = path.join(await makeTempDir(), 'stock.csv')
  execFileSync('mkfifo', [fifo])
  const fed = new Promise<number>((resolve) => {
    const stream = createWriteStream(fifo)
    let written = 0
    stream.on('error', () => resolve(written)) // EPIPE: the reader closed its end
    stream.on('open', async () => {
      for (const chunk of chunks()) {
        if (stream.destroyed) return
        written += chunk.length
        if (!stream.write(chunk)) await once(stream, 'drain').catch(() => undefined)
      }
      stream.end(() => resolve(written))
    })
  })
  return { fifo, fed }
}

describe('plant-store import of a source that is no regular file', () => {
  it.runIf(existsSync('/dev/zero'))('refuses /dev/zero once it has read past the limit, making nothing', { timeout: 120_000 }, async () => {
    const data = path.join(await makeTempDir(), 'data')
    const result = await runCli(['import', '/dev/zero', '--data', data])
    expect(result).toEqual({ code: 1, stdout: '', stderr: OVER('/dev/zero') })
    expect(existsSync(data)).toBe(false)
  })

  it('refuses a FIFO that never ends once it has read past the limit', { timeout: 120_000 }, async () => {
    const mib = Buffer.alloc(1024 * 1024, 'name\nFern\n')
    const { fifo, fed } = await fifoFeeding(function* () {
      for (;;) yield mib
    })
    const result = await runCli(['import', fifo, '--dry-run', '--data', path.join(path.dirname(fifo), 'data')])
    expect(result).toEqual({ code: 1, stdout: '', stderr: OVER(fifo) })
    expect(await fed).toBeGreaterThan(32 * 1024 * 1024)
  })

  it('reads a FIFO within the limit like a file', { timeout: 120_000 }, async () => {
    const { fifo } = await fifoFeeding(() => [Buffer.from('name,price\nFern,4.50\nRose,2.00\n')])
    const result = await runCli(['import', fifo, '--dry-run', '--data', path.join(path.dirname(fifo), 'data')])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Dry run: nothing was changed.')
    expect(result.stdout).toMatch(/added\s+2/)
  })
})

describe('plant-store import of a file with thousands of bad rows', () => {
  it('prints the first errors and counts all the rest, the summary counting every error', { timeout: 120_000 }, async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'stock.csv')
    await writeFile(file, ['name,price', ...Array.from({ length: 5_000 }, (_, i) => `Fern ${i},lots`)].join('\n'))
    const result = await runCli(['import', file, '--dry-run', '--data', path.join(dir, 'data')])
    expect(result.code).toBe(1)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines.filter((line) => line.startsWith('row '))).toHaveLength(50)
    expect(lines.at(-1)).toBe('… and 4,950 more errors')
    expect(result.stdout).toMatch(/errors\s+5000/)
  })
})

describe('plant-store import of a header wider than any sheet', () => {
  it('is refused in the words of the server, exit 1', { timeout: 120_000 }, async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'stock.csv')
    await writeFile(file, `${'a,'.repeat(999)}a\nFern\n`)
    const result = await runCli(['import', file, '--dry-run', '--data', path.join(dir, 'data')])
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'plant-store: This file has 1,000 columns; Plant Store reads at most 200 (empty columns at the end of the header not counted). ' +
        'Save only the columns that describe the plants and import that file.\n'
    })
  })
})
