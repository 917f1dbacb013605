/**
 * A plant without a quantity is a single plant, exactly as before stock existed: the same answers, the same journal
 * lines, the same exports, byte for byte. The expected bytes below were produced by the build before stock (the
 * same scenario run on main), so any byte that stock adds to a stock-free catalogue fails here.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

const AT = '2026-11-24T10:00:00.000Z'
const now = () => new Date(AT)

describe('a plant without a quantity', () => {
  it('answers, journals and exports byte for byte as before stock', async () => {
    const app = await createTestApp({ now })
    const texts: string[] = []
    const record = async (response: Response | Promise<Response>) => texts.push(await (await response).text())
    await record(app.call('POST', '/v3/plant', { name: 'Fern', category: 'Ferns', tags: ['shade'], price: 4 }))
    await record(app.call('POST', '/v3/plant', { name: 'Olive tree' }))
    await record(app.call('PUT', '/v3/plant', { id: 1, status: 'sold' }))
    await record(app.call('PUT', '/v3/plant', { id: 2, tags: ['tree'], category: 'Trees' }))
    await record(app.call('GET', '/v3/plant/search/status'))
    await record(app.call('GET', '/v3/plant/1'))
    await record(app.call('GET', '/v3/plant?sort=-name'))
    await record(app.call('GET', '/v3/plant/1/history'))
    await record(app.call('GET', '/v3/export?format=csv'))
    await record(app.call('GET', '/v3/export?format=json'))
    expect(texts).toEqual([
      '{"id":1,"name":"Fern","status":"available","tags":["shade"]}',
      '{"id":2,"name":"Olive tree","status":"available","tags":[]}',
      '{"id":1,"name":"Fern","status":"sold","tags":["shade"]}',
      '{"id":2,"name":"Olive tree","status":"available","tags":["tree"]}',
      '[{"id":1,"name":"Fern","status":"sold","tags":["shade"]},{"id":2,"name":"Olive tree","status":"available","tags":["tree"]}]',
      `{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"sold","createdAt":"${AT}","updatedAt":"${AT}","version":2,"price":4}`,
      `[{"id":2,"name":"Olive tree","tags":["tree"],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":2,"category":"Trees"},` +
        `{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"sold","createdAt":"${AT}","updatedAt":"${AT}","version":2,"price":4}]`,
      `{"changes":[{"seq":1,"type":"plant.added","plantId":1,"at":"${AT}","by":"ui","plant":{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":1,"price":4}},` +
        `{"seq":3,"type":"plant.updated","plantId":1,"at":"${AT}","by":"ui","changes":{"status":{"from":"available","to":"sold"}}}],"next":null}`,
      'id,name,category,tags,status,price,createdAt,updatedAt\r\n' +
        `1,Fern,Ferns,shade,sold,4.00,${AT},${AT}\r\n` +
        `2,Olive tree,Trees,tree,available,,${AT},${AT}\r\n`,
      `[\n{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"sold","createdAt":"${AT}","updatedAt":"${AT}","version":2,"price":4},\n` +
        `{"id":2,"name":"Olive tree","tags":["tree"],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":2,"category":"Trees"}\n]\n`
    ])
    const journal = await readFile(path.join(app.dir, 'journal-000001.jsonl'), 'utf8')
    expect(journal).toBe(
      [
        `{"nextId":2,"plants":[{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"available","priceCents":400,"createdAt":"${AT}","updatedAt":"${AT}","version":1}],` +
          `"history":[{"seq":1,"type":"plant.added","plantId":1,"at":"${AT}","by":"ui","plant":{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":1,"price":4}}]}`,
        `{"nextId":3,"plants":[{"id":2,"name":"Olive tree","tags":[],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":1}],` +
          `"history":[{"seq":2,"type":"plant.added","plantId":2,"at":"${AT}","by":"ui","plant":{"id":2,"name":"Olive tree","tags":[],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":1}}]}`,
        `{"nextId":3,"plants":[{"id":1,"name":"Fern","category":"Ferns","tags":["shade"],"status":"sold","priceCents":400,"createdAt":"${AT}","updatedAt":"${AT}","version":2}],` +
          `"history":[{"seq":3,"type":"plant.updated","plantId":1,"at":"${AT}","by":"ui","changes":{"status":{"from":"available","to":"sold"}},"sale":{"category":"Ferns","price":4}}]}`,
        `{"nextId":3,"plants":[{"id":2,"name":"Olive tree","tags":["tree"],"status":"available","createdAt":"${AT}","updatedAt":"${AT}","version":2,"category":"Trees"}],` +
          `"history":[{"seq":4,"type":"plant.updated","plantId":2,"at":"${AT}","by":"ui","changes":{"tags":{"from":[],"to":["tree"]},"category":{"from":null,"to":"Trees"}}}]}`,
        ''
      ].join('\n')
    )
  })
})
