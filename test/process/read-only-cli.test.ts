/**
 * The CLI's commands that only read (plants list and get, export, sales list, day show, import --dry-run) on a folder another live
 * process holds, whose journal has lines not yet in plants.json, and with no server: before, they waited for the
 * folder's lock and failed; now they read the folder read-only, answer with those lines, and change no file there.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SALES_SETTINGS } from '#shared/tax'
import { CLI_ACTOR } from '#store'
import { runCli } from '#setup/serve-process'
import { openTestStore } from '#setup/test-store'
import { folderState } from '#setup/folder-state'
import { makeTempDir } from '#setup/temp-dir'

const sale = { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash' as const, amount: 200 }] }

describe('read-only CLI commands (real processes)', () => {
  it('answer from a held folder with an un-checkpointed journal and leave every file as it was', { timeout: 120_000 }, async () => {
    // This test process holds the folder (its lock names a live process) and never checkpoints while the commands run.
    const { store, dir } = await openTestStore({ checkpointIdleMs: 3_600_000 })
    await store.add({ name: 'Basil', price: 1, quantity: 5 }, CLI_ACTOR)
    await store.add({ name: 'Fern', price: 2 }, CLI_ACTOR)
    await store.sales.complete({ sale, settings: DEFAULT_SALES_SETTINGS }, CLI_ACTOR)
    const before = await folderState(dir)
    const cli = (...args: string[]) => runCli([...args, '--data', dir])

    const list = await cli('plants', 'list', '--json')
    expect(list.stderr).toBe('')
    expect((JSON.parse(list.stdout) as { name: string; quantity?: number }[]).map(({ name, quantity }) => [name, quantity])).toEqual([
      ['Basil', 3],
      ['Fern', undefined]
    ])
    const got = await cli('plants', 'get', '2', '--json')
    expect(JSON.parse(got.stdout)).toMatchObject({ id: 2, name: 'Fern' })
    const exported = await cli('export', '--format', 'json')
    expect((JSON.parse(exported.stdout) as { name: string }[]).map((plant) => plant.name)).toEqual(['Basil', 'Fern'])
    const sales = await cli('sales', 'list', '--json')
    expect((JSON.parse(sales.stdout) as { sales: { receipt: number }[] }).sales.map((one) => one.receipt)).toEqual([1])
    const day = await cli('day', 'show', '--json')
    expect(JSON.parse(day.stdout)).toMatchObject({ sales: 1 })
    const csv = path.join(await makeTempDir(), 'check.csv')
    await writeFile(csv, 'id,name\n2,Fern\n,Moss\n')
    const dryRun = await cli('import', csv, '--dry-run')
    expect(dryRun.stdout).toMatch(/^Dry run: nothing was changed\.\n\s+added\s+1\n\s+updated\s+0\n\s+unchanged\s+1\n/)
    for (const run of [list, got, exported, sales, day, dryRun]) expect(run.code).toBe(0)

    expect(await folderState(dir)).toEqual(before)
  })
})
