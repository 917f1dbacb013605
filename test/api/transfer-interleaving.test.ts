/**
 * An import never blocks other requests for long. A large import is
 * read and planned in slices, so GET /v3/plant/1 keeps being answered while it
 * runs. Asserted on interleaving (answers counted during the import), not on
 * milliseconds: `npm run bench` (bench/transfer.mjs) measures the latency.
 */
import { describe, expect, it } from 'vitest'
import { answersDuring } from '#setup/answers-during'
import { createTestApp } from '#setup/in-process'

/** 200,000 rows (about 8 MB): plant 1 updated, the others added. */
function largeCsv(): string {
  const lines = ['id,name,category,tags,status', '1,Fern,Ferns,"indoor, shade",sold']
  for (let i = 0; i < 200_000; i++) lines.push(`,Plant ${i},Category ${i % 40},"indoor, tag ${i % 13}",available`)
  return lines.join('\r\n') + '\r\n'
}

describe('POST /v3/import of a large file', () => {
  for (const dryRun of [true, false]) {
    // 200,000 rows take seconds alone and far longer on a loaded 2-core machine: a cap, not a speed claim (bench measures that).
    it(`answers other requests many times while it runs (dryRun=${dryRun}), with the same result`, { timeout: 180_000 }, async () => {
      const test = await createTestApp()
      expect((await test.call('POST', '/v3/plant', { name: 'Fern', status: 'available' })).status).toBe(200)
      const work = Promise.resolve(test.call('POST', `/v3/import?dryRun=${dryRun}`, largeCsv(), { 'content-type': 'text/csv' }))
      const { response, answers } = await answersDuring(test, work, '/v3/plant/1')
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ added: 200_000, updated: 1, unchanged: 0, errors: [], applied: !dryRun })
      // Read in 64 KiB slices (about 130) and checked in 2,000-row slices (100 to map, 100 to plan): one whole-file
      // pass would let at most a couple of GETs in.
      expect(answers).toBeGreaterThanOrEqual(100)
      expect(test.store.size).toBe(dryRun ? 1 : 200_001)
    })
  }
})
