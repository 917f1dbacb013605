/**
 * "A dry run changes nothing" also holds for a folder with no catalogue yet:
 * `import --dry-run` into a new folder (or a typo in --data) made the data
 * folder and an empty catalogue there. It now previews over an empty catalogue
 * and makes nothing, so a new owner can still preview the first import.
 */
import { access, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('plant-store import --dry-run into a folder with no catalogue', () => {
  it('previews every row as added and makes no folder or file', async () => {
    const dir = await makeTempDir()
    const sheet = path.join(dir, 'stock.csv')
    await writeFile(sheet, 'name;status\nFern;sold\nRose;Sould\n')
    const data = path.join(dir, 'new-shop')
    const result = await runCli(['import', sheet, '--dry-run', '--data', data])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      'row 3, status: the status word "Sould" (rows 3) is not known: choose what it means (available, pending, sold, or leave those rows out)\n'
    )
    expect(result.stdout).toMatch(/^Dry run: nothing was changed\.\n {2}added +1\n/)
    await expect(access(data)).rejects.toThrow(/ENOENT/)
  })
})
