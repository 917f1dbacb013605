/**
 * Against the real `plant-store`: ids stay
 * within a documented maximum, a damaged journal line is never mistaken for a
 * torn write, and restore lets in only what the API would.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLANT_ID_MAX } from '#store/file/data-file'
import { addPlant, runCli, startServe } from '#setup/serve-process'
import { catalogueText as catalogue, plantRecord as plant } from '#setup/catalogue-folder'
import { makeTempDir } from '#setup/temp-dir'

const TOKEN = 'ids-journal-token-0123456789abcdef0123456'
const ENV = { PLANT_STORE_TOKEN: TOKEN }

const add = addPlant

async function restore(content: string): Promise<{ dir: string; code: number | null; stderr: string }> {
  const dir = await makeTempDir()
  const backup = path.join(await makeTempDir(), 'backup.json')
  await writeFile(backup, content)
  const result = await runCli(['restore', '--from', backup, '--data', dir])
  return { dir, code: result.code, stderr: result.stderr }
}

describe('ids are bounded', () => {
  it.each([2 ** 53 - 1, PLANT_ID_MAX + 2])('restore refuses nextId %d, naming the maximum', async (nextId) => {
    const result = await restore(catalogue(nextId, [plant(1)]))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`nextId ${nextId} is above ${PLANT_ID_MAX + 1}: plant ids go up to ${PLANT_ID_MAX}`)
  })

  it('hands out the last id, then answers an add with 503 and words; nothing acknowledged is lost after kill -9', async () => {
    const { dir, code } = await restore(catalogue(PLANT_ID_MAX, [plant(1)]))
    expect(code).toBe(0)
    const server = await startServe(dir, [], ENV)
    const last = await add(server, 'the last one')
    expect(last.status).toBe(200)
    expect((await last.json()).id).toBe(PLANT_ID_MAX)
    const refused = await add(server, 'one too many')
    expect(refused.status).toBe(503)
    const problem = await refused.json()
    expect(problem.title).toBe('Change not saved')
    expect(problem.detail).toContain(`every plant id up to ${PLANT_ID_MAX}, the highest Plant Store hands out, has been used`)
    const update = await fetch(`${server.baseUrl}/plant`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ id: PLANT_ID_MAX, status: 'sold' })
    })
    expect(update.status).toBe(200)
    await server.stop('SIGKILL')

    const again = await startServe(dir, [], ENV)
    const plants = await (await fetch(`${again.baseUrl}/plant/search/status`, { headers: again.headers() })).json()
    expect(plants.map((p: { id: number; status: string }) => `${p.id}:${p.status}`)).toEqual(['1:available', `${PLANT_ID_MAX}:sold`])
    expect((await add(again, 'still too many')).status).toBe(503)
  })

  it('CLI import with no server says the store refused the batch, in words, without a stack trace', async () => {
    const { dir, code } = await restore(catalogue(PLANT_ID_MAX + 1, [plant(1)]))
    expect(code).toBe(0)
    const csv = path.join(await makeTempDir(), 'more.csv')
    await writeFile(csv, 'name\nFern\nIvy\n')
    const result = await runCli(['import', csv, '--data', dir])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('the change was NOT saved: every plant id up to')
    expect(result.stderr).not.toContain('unexpected error')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('refuses to start on a catalogue whose nextId is above the maximum', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'plants.json'), catalogue(2 ** 53 - 1, [plant(1)]))
    const result = await runCli(['serve', '--port', '0', '--data', dir], ENV)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`nextId 9007199254740991 is above ${PLANT_ID_MAX + 1}`)
  })
})

describe('the last journal line', () => {
  const journal = (dir: string) => path.join(dir, 'journal-000001.jsonl')
  const entry = (nextId: number, ...plants: object[]) => JSON.stringify({ nextId, plants }) + '\n'

  it.each([
    ['does not parse', '{"nextId":4,"plants":[}\n'],
    ['does not validate', entry(4, { id: 3 })]
  ])('refuses to start when a complete last line %s, naming the file and the line', async (_label, last) => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'plants.json'), catalogue(2, [plant(1)], { journalGen: 1 }))
    await writeFile(journal(dir), entry(3, plant(2)) + last)
    const result = await runCli(['serve', '--port', '0', '--data', dir], ENV)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${journal(dir)} cannot be used: line 2 of the journal`)
    expect(result.stderr).toMatch(/complete \(it ends with a newline\), so it is damage/)
    expect(await readFile(journal(dir), 'utf8')).toBe(entry(3, plant(2)) + last) // left untouched
  })

  it('drops only an unterminated fragment, and says how many bytes it dropped', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, 'plants.json'), catalogue(2, [plant(1)], { journalGen: 1 }))
    await writeFile(journal(dir), entry(3, plant(2)) + '{"nextId":4,"pla')
    const server = await startServe(dir, [], ENV)
    expect(server.output()).toContain(`dropped the unfinished last line of ${journal(dir)} (16 bytes)`)
    expect((await (await add(server, 'next')).json()).id).toBe(3)
  })
})

describe('restore is as strict as the API', () => {
  it('refuses a backup record by record, naming the first few problems and counting the rest', async () => {
    const records = [
      plant(1),
      JSON.parse(
        '{"id":2,"name":"x","tags":[],"status":"sold","createdAt":"2024-05-01T09:00:00.000Z","updatedAt":"2024-05-01T09:00:00.000Z","__proto__":{"admin":true}}'
      ),
      plant(3, { constructor: 'x' }),
      plant(4, { tags: Array.from({ length: 40 }, (_, i) => `t${i}`) }),
      plant(5, { createdAt: '2024-02-30T00:00:00.000Z' }),
      plant(5),
      plant(9),
      plant(8, { price: 3 })
    ]
    const result = await restore(catalogue(9, records).replace('"name":"x"', '"name":"x"'))
    expect(result.code).toBe(1)
    const message = result.stderr
    expect(message).toContain('the backup has 7 problems, so nothing was restored')
    expect(message).toContain('plants[1].__proto__: unknown field "__proto__"')
    expect(message).toContain('plants[2].constructor: unknown field "constructor"')
    expect(message).toContain('plants[3].tags: a plant can have at most 32 tags; got 40')
    expect(message).toContain('plants[4].createdAt "2024-02-30T00:00:00.000Z" is not a time')
    expect(message).toContain('plants[5].id 5 is used by an earlier plant too')
    expect(message).toContain('and 2 more')
  })

  it('restores what it accepts the way the API stores it (text trimmed, tags kept once)', async () => {
    const { dir, code } = await restore(catalogue(3, [plant(2, { name: '  Fern ', tags: ['Shade', 'shade', 'sun'] }), plant(1)]))
    expect(code).toBe(0)
    const saved = JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8'))
    expect(saved.plants.map((p: { id: number }) => p.id)).toEqual([1, 2])
    expect(saved.plants[1]).toMatchObject({ name: 'Fern', tags: ['Shade', 'sun'] })
  })
})
