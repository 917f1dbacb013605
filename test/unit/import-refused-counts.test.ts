/**
 * A refused import changed nothing, so its summary must not count plants as
 * added or updated: without a server the CLI printed "Nothing was imported"
 * above "added 1", while through a server (422) the same file showed 0.
 */
import { describe, expect, it } from 'vitest'
import { importText } from '#transfer/transfer'
import { openTestStore } from '#setup/test-store'
import { CLI_ACTOR } from '#store'

describe('a refused import', () => {
  it('counts nothing as added, updated or unchanged, as the API answer does', async () => {
    const { store } = await openTestStore()
    try {
      await store.add({ name: 'Fern' }, CLI_ACTOR)
      const outcome = await importText(store, 'csv', 'id,name,status,price\n1,Fern,sold,\n,Rose,sold,\n,Lily,sold,twelve\n', false, CLI_ACTOR)
      expect(outcome.rejected).toBe(true)
      expect(outcome.summary).toMatchObject({ added: 0, updated: 0, unchanged: 0, changes: [], applied: false })
      expect(outcome.summary.errors).toEqual([{ row: 4, field: 'price', message: expect.stringContaining('"twelve"') }])
      // The dry run of the same file still says what would change.
      expect(
        (await importText(store, 'csv', 'id,name,status,price\n1,Fern,sold,\n,Rose,sold,\n,Lily,sold,twelve\n', true, CLI_ACTOR)).summary
      ).toMatchObject({
        added: 1,
        updated: 1
      })
    } finally {
      await store.close()
    }
  })
})
