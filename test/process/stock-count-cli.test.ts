/** `plant-store import --dry-run` of a stock count says which lines go up and down and which go off or back on sale. */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

describe('a stock count from the CLI', () => {
  it('prints the stock count of a dry run, with the lines it takes off sale and puts back on sale', async () => {
    const dir = await makeTempDir()
    const data = path.join(dir, 'data')
    await writeFile(path.join(dir, 'lines.csv'), 'name,quantity,status\nLavender,4,available\nFern,0,sold\nMoss,6,available\n')
    expect(await runCli(['import', path.join(dir, 'lines.csv'), '--data', data])).toMatchObject({ code: 0 })
    await writeFile(path.join(dir, 'count.csv'), 'id,quantity\n1,0\n2,3\n3,2\n')
    const dry = await runCli(['import', path.join(dir, 'count.csv'), '--dry-run', '--data', data])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('Stock count: 1 line goes up, 2 lines go down; 1 goes off sale (sold), 1 goes back on sale (available)\n')
  })
})
