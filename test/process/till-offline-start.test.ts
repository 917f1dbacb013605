/**
 * A paired till started while its main computer is away still has its catalogue: the read copy of what it read
 * before is kept in its data folder (till-reads.jsonl, private like the rest of the folder) and loaded at start, so
 * the till answers those reads marked offline and sells into its outbox. A damaged copy never stops the till.
 */
import { readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Plant } from '#shared/plant'
import { READ_COPY_FILE_NAME } from '#till/read-copy-file'
import { OFFLINE_HEADER } from '#till/routes/offline-reads'
import { startServe, type ServeProcess } from '#setup/serve-process'
import { setUpPrimary, startPairedTill, TILL_LOCAL_TOKEN } from '#setup/tills'

const read = (till: ServeProcess, route: string) => fetch(`${till.baseUrl}${route}`, { headers: till.headers() })

const sell = (till: ServeProcess, plantId: number) =>
  fetch(`${till.baseUrl}/sales`, {
    method: 'POST',
    headers: till.headers({ 'content-type': 'application/json', 'idempotency-key': '"offline-start-1"' }),
    body: JSON.stringify({ lines: [{ plantId, quantity: 1 }], payments: [{ method: 'card', amount: 450 }] })
  })

describe('a till started while its main computer is away', () => {
  it('answers the catalogue it read before, marked offline, and keeps a sale; a damaged copy is set aside instead', async () => {
    const { tillDir, primary } = await setUpPrimary()
    const added = await fetch(`${primary.baseUrl}/plant`, {
      method: 'POST',
      headers: primary.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Fern', price: 4.5, quantity: 10 })
    })
    const fern = ((await added.json()) as Plant).id
    const first = await startPairedTill(tillDir, primary)
    expect((await read(first, '/settings/sales')).status).toBe(200)
    const list = await read(first, '/plant')
    expect(list.status).toBe(200)
    const plants = (await list.json()) as Plant[]
    expect(plants.map((plant) => plant.name)).toEqual(['Fern'])
    expect(await first.stop()).toBe(0)
    expect(await primary.stop()).toBe(0)
    // Private like every file of the data folder (docs/security.md).
    expect((await stat(path.join(tillDir, READ_COPY_FILE_NAME))).mode & 0o777).toBe(0o600)

    const alone = await startServe(tillDir, [], { PLANT_STORE_TOKEN: TILL_LOCAL_TOKEN })
    const offline = await read(alone, '/plant')
    expect(offline.status).toBe(200)
    expect(offline.headers.get(OFFLINE_HEADER)).not.toBeNull()
    expect(await offline.json()).toEqual(plants)
    expect((await read(alone, `/plant/${fern}`)).headers.get(OFFLINE_HEADER)).not.toBeNull()
    expect((await sell(alone, fern)).status).toBe(202)
    expect(await alone.stop()).toBe(0)

    await writeFile(path.join(tillDir, READ_COPY_FILE_NAME), '{"format": "plant-store till reads", "vers', { mode: 0o600 })
    const damaged = await startServe(tillDir, [], { PLANT_STORE_TOKEN: TILL_LOCAL_TOKEN })
    expect((await read(damaged, '/plant')).status).toBe(503) // an empty copy: the main computer cannot be reached
    expect(damaged.output()).toMatch(/read copy .* is damaged or not this till's .*set aside as/)
    expect((await readdir(tillDir)).filter((name) => name.startsWith(`${READ_COPY_FILE_NAME}.damaged-`))).toHaveLength(1)
  })
})
