/** A backup of a catalogue with prices and tombstones restores with both, as strictly as ever. */
import { describe, expect, it } from 'vitest'
import { checkBackup } from '#store/backups/check-backup'
import { DATA_FILE_VERSION } from '#store/file/data-file'

const at = '2026-01-01T09:00:00.000Z'
const record = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `p${id}`,
  tags: [],
  status: 'available',
  createdAt: at,
  updatedAt: at,
  version: 1,
  ...extra
})
const backup = (...plants: unknown[]) => ({ version: DATA_FILE_VERSION, nextId: 9, plants })

describe('checkBackup with prices and tombstones', () => {
  it('keeps priceCents and deletedAt', () => {
    const checked = checkBackup('b.json', backup(record(1, { priceCents: 1999 }), record(2, { deletedAt: at })))
    expect(checked.plants).toEqual([record(1, { priceCents: 1999 }), record(2, { deletedAt: at })])
  })

  it.each([
    [{ price: 19.99 }, 'plants[0].price: a stored plant keeps its price as priceCents'],
    [{ priceCents: 19.99 }, 'plants[0].priceCents 19.99 is not a whole number of cents'],
    [{ priceCents: -1 }, 'plants[0].priceCents -1 is not a whole number of cents'],
    [{ deletedAt: 'yesterday' }, 'plants[0].deletedAt "yesterday" is not a time']
  ])('refuses %j', (extra, message) => {
    expect(() => checkBackup('b.json', backup(record(1, extra)))).toThrow(message)
  })
})
