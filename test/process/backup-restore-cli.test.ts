/**
 * `plant-store backup` and `restore` as a shop uses them: the counts they say are the plants the shop sees (the
 * deleted ones said apart, as restorable), and `restore --latest` finds the newest backup on the backup folder
 * (the USB stick) as well as in the data folder, and says which file it used.
 */
import { copyFile, mkdir, readdir, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ShopStore } from '#store/shop-store'
import { runCli } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'
import { CLI_ACTOR } from '#store'

async function withCatalogue(dir: string, change: (store: ShopStore) => Promise<unknown>): Promise<void> {
  const store = await ShopStore.open({ dir })
  await change(store)
  await store.close()
}

async function names(dir: string): Promise<string[]> {
  const store = await ShopStore.open({ dir })
  const all = store.find().map((plant) => plant.name ?? '')
  await store.close()
  return all
}

const cli = (dir: string, ...args: string[]) => runCli([...args, '--data', dir])

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('plant-store backup and restore (real processes)', () => {
  it('count the plants the shop sees and say the deleted ones apart, restorable', async () => {
    const dir = await makeTempDir()
    await withCatalogue(dir, async (store) => {
      for (const name of ['Fern', 'Moss', 'Ivy']) await store.add({ name }, CLI_ACTOR)
      await store.edits.delete(2, CLI_ACTOR)
    })
    const backup = await cli(dir, 'backup')
    expect(backup.stdout).toMatch(/^Backed up 2 plants \(and 1 deleted, restorable\) to \S+plants-\S+\.json\n$/)
    const usb = await makeTempDir()
    expect((await cli(dir, 'backup', '--to', usb)).stdout).toMatch(/^Backed up 2 plants \(and 1 deleted, restorable\) to /)
    const restored = await cli(dir, 'restore', '--latest')
    expect(restored.stdout).toMatch(/^Restored 2 plants \(and 1 deleted, restorable\) from /)
  })

  it('restore --latest takes the newest backup of the data folder and the backup folder, and says which', async () => {
    const dir = await makeTempDir()
    const usb = path.join(await makeTempDir(), 'ShopStore')
    await mkdir(usb)
    expect((await cli(dir, 'config', 'set', 'backup.dir', usb)).code).toBe(0)
    await withCatalogue(dir, (store) => store.add({ name: 'Fern' }, CLI_ACTOR))
    await cli(dir, 'backup')
    await withCatalogue(dir, (store) => store.add({ name: 'Moss' }, CLI_ACTOR))
    await cli(dir, 'backup', '--to', usb)
    const [onStick] = await readdir(usb)
    await writeFile(path.join(dir, 'plants.json'), '{"trunc') // the catalogue lost

    const restored = await cli(dir, 'restore', '--latest')
    expect(restored.code).toBe(0)
    // The store backs up on its own too (before a run's first write): the stick's backup is still the newest.
    expect(restored.stdout).toMatch(/^Restored 2 plants from \S+ \(the newest of \d+ in /)
    expect(restored.stdout).toContain(`Restored 2 plants from ${path.join(usb, onStick!)} (the newest of `)
    expect(restored.stdout).toContain(` in ${path.join(dir, 'backups')} and ${usb}). The previous file was kept as `)
    expect(await names(dir)).toEqual(['Fern', 'Moss'])
  })

  it('restore --latest names the next newest backup when the newest is damaged, and a backup folder that is not there', async () => {
    const dir = await makeTempDir()
    const usb = path.join(await makeTempDir(), 'ShopStore')
    await mkdir(usb)
    await cli(dir, 'config', 'set', 'backup.dir', usb)
    await withCatalogue(dir, (store) => store.add({ name: 'Fern' }, CLI_ACTOR))
    await cli(dir, 'backup')
    await cli(dir, 'backup', '--to', usb)
    const local = (await readdir(path.join(dir, 'backups'))).sort().at(-1)
    const [onStick] = await readdir(usb)
    await writeFile(path.join(usb, onStick!), '{"damaged')

    const refused = await cli(dir, 'restore', '--latest')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(new RegExp(`^plant-store: the backup ${path.join(usb, onStick!)} cannot be used: .*; nothing was restored\\.`))
    expect(refused.stderr).toContain(`The next newest backup is ${path.join(dir, 'backups', local!)}: plant-store restore --from "`)

    await writeFile(path.join(dir, 'plants.json'), '{"trunc')
    const unplugged = path.join(path.dirname(usb), 'Unplugged')
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ 'backup.dir': unplugged }))
    const restored = await cli(dir, 'restore', '--latest')
    expect(restored.stdout).toContain(`from ${path.join(dir, 'backups', local!)} (the newest of `)
    expect(restored.stdout).toContain(` and ${unplugged} (the backup folder ${unplugged} is not there: is the drive plugged in?)).`)
  })

  it('restore --latest passes over a planted far-future file and a huge one in the backup folder, naming both, and restores ours', async () => {
    const dir = await makeTempDir()
    const usb = await makeTempDir()
    await cli(dir, 'config', 'set', 'backup.dir', usb)
    await withCatalogue(dir, (store) => store.add({ name: 'Fern' }, CLI_ACTOR))
    await cli(dir, 'backup', '--to', usb)
    const [ours] = await readdir(usb)
    const planted = path.join(usb, 'plants-2099-01-01T00-00-00-000Z.json')
    await copyFile(path.join(usb, ours!), planted)
    const huge = path.join(usb, 'plants-2099-02-01T00-00-00-000Z.json')
    await writeFile(huge, '')
    await truncate(huge, 2 ** 30) // 1 GiB, sparse: no disk used

    const restored = await cli(dir, 'restore', '--latest')
    expect(restored.code).toBe(0)
    expect(restored.stderr).toBe('')
    expect(restored.stdout).toMatch(new RegExp(`^Restored 1 plant from ${escape(path.join(usb, ours!))} \\(the newest of `))
    expect(restored.stdout).toContain(`left out: ${planted} (this data folder did not write it`)
    expect(restored.stdout).toContain(`${huge} (this data folder did not write it`)
  })

  it('restore --from an export says it is an export, how to import it, and that there are backups', async () => {
    const dir = await makeTempDir()
    await withCatalogue(dir, (store) => store.add({ name: 'Fern' }, CLI_ACTOR))
    expect((await cli(dir, 'backup')).code).toBe(0)
    const exports = await makeTempDir()
    for (const format of ['json', 'csv']) {
      const file = path.join(exports, `plants.${format}`)
      expect((await cli(dir, 'export', '--format', format, '--out', file)).code).toBe(0)
      const refused = await cli(dir, 'restore', '--from', file)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(
        `${file} is an export of plants, not a backup; nothing was restored. Bring it in with plant-store import "${file}"`
      )
      expect(refused.stderr).toMatch(
        new RegExp(`restore a backup instead: there are \\d+ in ${path.join(dir, 'backups')} \\(plant-store restore --latest`)
      )
      expect(refused.stderr).not.toMatch(/Refusing to start|no backup/)
    }
    expect(await names(dir)).toEqual(['Fern'])
  })
})
