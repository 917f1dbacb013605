/**
 * The real `plant-store` process on two rough edges of a shop's day: the
 * terminal window closed under `plant-store serve` (SIGHUP), and `--data`
 * naming a file instead of a folder.
 */
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '#store/file/read-catalogue'
import { makeTempDir } from '#setup/temp-dir'
import { runCli, startServe } from '#setup/serve-process'

describe('plant-store serve when its terminal closes', () => {
  it('stops on SIGHUP like on Ctrl+C: drains the write in flight, releases the lock, removes server.json', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    const adding = fetch(`${server.baseUrl}/plant`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Monstera' })
    })
    const answered = await adding
    expect(answered.status).toBe(200)
    // A closed terminal: nobody reads the output any more (writes fail with EPIPE), then the hang-up arrives.
    server.child.stdout!.destroy()
    server.child.stderr!.destroy()
    const exited = once(server.child, 'exit')
    server.child.kill('SIGHUP')
    // …and, as at a logout, another stop signal while the first stop runs: absorbed, not fatal.
    server.child.kill('SIGTERM')
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null]
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(existsSync(path.join(dir, 'server.json'))).toBe(false)
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
    expect((await readCatalogue(dir))?.data.plants.map((plant) => plant.name)).toEqual(['Monstera'])
  })
})

describe('--data naming a file', () => {
  const commands = [
    ['serve', '--port', '0'],
    ['token'],
    ['token', '--rotate'],
    ['backup'],
    ['restore', '--latest'],
    ['plants', 'list'],
    ['token', 'list']
  ]

  it.each(commands.map((command) => [command.join(' '), command] as const))(
    'answers `plant-store %s --data FILE` with one line, exit 2',
    async (_, command) => {
      const dir = await makeTempDir()
      const file = path.join(dir, 'plants-folder.txt')
      await writeFile(file, 'not a folder\n')
      const result = await runCli([...command, '--data', file], { PLANT_STORE_TOKEN: undefined })
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(`plant-store: ${file} is a file, not a folder; --data must name a folder (it is created if missing)\n`)
    }
  )

  it('names PLANT_STORE_DATA when the path came from there', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'data')
    await writeFile(file, '')
    const result = await runCli(['backup'], { PLANT_STORE_DATA: file })
    expect(result.stderr).toBe(`plant-store: ${file} is a file, not a folder; PLANT_STORE_DATA must name a folder (it is created if missing)\n`)
  })
})
