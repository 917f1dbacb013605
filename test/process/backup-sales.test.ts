/**
 * Never losing a sale, with real processes: `plant-store backup` (into the data folder and onto a USB stick) while the
 * server sells, then `plant-store restore` onto a new computer: the new server serves every sale the backup held and
 * its next sale takes the next receipt number, never one used before.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startServe, type ServeProcess } from '#setup/serve-process'
import { makeTempDir } from '#setup/temp-dir'

async function call(server: ServeProcess, method: string, route: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: server.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const sell = (server: ServeProcess, plantId: number) =>
  call(server, 'POST', '/sales', { lines: [{ plantId, quantity: 1 }], payments: [{ method: 'cash', amount: 250 }] })

/** The file a `plant-store backup` said it wrote. */
const writtenTo = (stdout: string) => /to (\S+\.json)\n$/.exec(stdout)?.[1]

describe('backups and the sales (real processes)', () => {
  it('a backup made while the server sells, restored onto a new computer, keeps every sale and goes on numbering', async () => {
    const dir = await makeTempDir()
    const server = await startServe(dir)
    const added = await call(server, 'POST', '/plant', { name: 'Fern', quantity: 50, price: 2.5 })
    const plantId = added.body.id as number
    for (let i = 0; i < 3; i++) expect((await sell(server, plantId)).status).toBe(201)
    expect((await call(server, 'POST', '/days/current/close', { counted: 750 })).status).toBe(201)
    const stick = await makeTempDir()
    const local = await runCli(['backup', '--data', dir])
    const onStick = await runCli(['backup', '--to', stick, '--data', dir])
    await server.stop('SIGKILL') // the sales still in the journal: the backups read them from there
    for (const backup of [writtenTo(local.stdout), writtenTo(onStick.stdout)]) {
      expect(backup, local.stdout + onStick.stdout).toBeDefined()
      const newComputer = path.join(await makeTempDir(), 'data')
      const restored = await runCli(['restore', '--from', backup!, '--data', newComputer])
      expect(restored.code, restored.stderr).toBe(0)
      const again = await startServe(newComputer)
      expect((await call(again, 'GET', '/sales/3')).body).toMatchObject({ receipt: 3, totals: { net: 250 } })
      expect((await call(again, 'GET', '/days/1')).body).toMatchObject({ day: 1, counted: 750 })
      expect((await sell(again, plantId)).body).toMatchObject({ receipt: 4, day: 2 })
      await again.stop()
    }
  })
})
