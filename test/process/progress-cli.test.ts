/**
 * The progress line of `plant-store import` / `export`: on a terminal (a real
 * pseudo-terminal, made by util-linux's `script`), never into a pipe. The wait
 * before the first frame is set to 0 here (PLANT_STORE_PROGRESS_AFTER_MS), so
 * a small file shows it without making a test depend on how long work takes.
 */
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BIN, runCli, runProgram } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

const SHEET = 'name,status\r\nMonstera,available\r\nFern,pending\r\n'
const NOW = { PLANT_STORE_PROGRESS_AFTER_MS: '0', TERM: 'xterm' }
const WIPE = '\r\x1b[2K'

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

async function sheetIn(): Promise<{ dir: string; data: string; sheet: string }> {
  const dir = await makeTempDir()
  const sheet = path.join(dir, 'sheet.csv')
  await writeFile(sheet, SHEET)
  return { dir, data: path.join(dir, 'data'), sheet }
}

/** Runs plant-store with stdout and stderr on a pseudo-terminal; resolves with everything the terminal received. */
async function onTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, BIN, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ')
  const result = await runProgram('script', ['-qefc', command, '/dev/null'], env)
  return { code: result.code, screen: result.stdout }
}

describe('the progress line of import and export', () => {
  it.runIf(hasScript)('is drawn on a terminal, then wiped before the summary', async () => {
    const { dir, data, sheet } = await sheetIn()
    const imported = await onTerminal(['import', sheet, '--data', data], NOW)
    expect(imported.code).toBe(0)
    expect(imported.screen).toMatch(/\r\x1b\[2KReading sheet\.csv \[[#-]{24}\] +\d+%/)
    expect(imported.screen).toMatch(/\r\x1b\[2KImporting sheet\.csv \[[#-]{24}\]/)
    // The last frame is wiped: the summary starts on a clean line.
    expect(imported.screen).toMatch(new RegExp(`${WIPE.replace('[', '\\[')}Imported\\.\\r?\\n`))
    const out = path.join(dir, 'out.csv')
    const exported = await onTerminal(['export', '--out', out, '--data', data], NOW)
    expect(exported.screen).toMatch(/\r\x1b\[2KExporting to .*out\.csv \[[#-]{24}\]/)
    expect(await readFile(out, 'utf8')).toContain('Monstera')
    // The file printed on the terminal itself gets no progress line in between.
    const printed = await onTerminal(['export', '--data', data], NOW)
    expect(printed.screen).toContain('Monstera')
    expect(printed.screen).not.toContain('\x1b[2K')
  })

  it('is never written into a pipe', async () => {
    const { dir, data, sheet } = await sheetIn()
    const imported = await runCli(['import', sheet, '--data', data], NOW)
    expect(imported.code).toBe(0)
    const exported = await runCli(['export', '--out', path.join(dir, 'out.csv'), '--data', data], NOW)
    for (const output of [imported.stderr, imported.stdout, exported.stderr]) {
      expect(output).not.toContain('\r')
      expect(output).not.toContain('\x1b')
    }
    expect(exported.stderr).toBe(`Exported to ${path.join(dir, 'out.csv')}\n`)
  })
})
