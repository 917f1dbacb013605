/**
 * A restore into a folder that a killed server left with journal files: the
 * restored catalogue is what the next start serves, the journals of the
 * replaced catalogue are never replayed over it, and no id is handed out twice.
 */
import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { runCli, startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

async function send(server: ServeProcess, method: 'POST' | 'PUT', body: object): Promise<{ id: number; name: string; status: string }> {
  const response = await fetch(`${server.baseUrl}/plant`, {
    method,
    headers: server.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(body)
  })
  expect(response.status).toBe(200)
  return response.json()
}

async function search(server: ServeProcess): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/plant/search/status`, { headers: server.headers() })
  return ((await response.json()) as { id: number; name: string; status: string }[]).map((plant) => `${plant.id} ${plant.name} ${plant.status}`)
}

describe('restore after a crash', () => {
  it('serves the backup, not the journals the killed server left behind, and reuses no id', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    await send(server, 'POST', { name: 'Fern' })
    const backup = await runCli(['backup', '--data', dir])
    expect(backup.code).toBe(0)
    const backupFile = /to (\S+\.json)$/m.exec(backup.stdout)![1]!
    await send(server, 'POST', { name: 'added after the backup' })
    await send(server, 'PUT', { id: 1, status: 'sold' })
    await server.stop('SIGKILL')
    // The changes after the backup are only in the journal (no checkpoint ran: the server was killed).
    expect((await readdir(dir)).filter((name) => /^journal-\d+\.jsonl$/.test(name)).length).toBeGreaterThan(0)

    const restored = await runCli(['restore', '--from', backupFile, '--data', dir])
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toMatch(/Restored 1 plant from /)
    expect((await readdir(dir)).filter((name) => /^journal-\d+\.jsonl$/.test(name))).toEqual([])

    const again = await startServe(dir)
    expect(await search(again)).toEqual(['1 Fern available'])
    const next = await send(again, 'POST', { name: 'after the restore' })
    expect(next.id).toBe(3) // id 2 was handed out before the crash
    await again.stop()
    const third = await startServe(dir)
    expect(await search(third)).toEqual(['1 Fern available', '3 after the restore available'])
  })
})
