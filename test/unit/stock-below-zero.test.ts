/**
 * Stock below zero, the pure rules: the status a line below zero has, what a movement on it keeps of its flag, and
 * the order the lines to count are listed in.
 */
import { describe, expect, it } from 'vitest'
import type { Plant } from '#shared/plant'
import { statusFollowingStock } from '#shared/stock'
import { changedPlantRecord, movedPlantRecord } from '#store/catalogue/plant-records'
import type { StoredPlant } from '#store/catalogue/stored-plant'
import { belowZeroLines } from '#store/stock/stock-report'

const AT = '2026-11-28T10:00:00.000Z'
const flag = (receipt: number, soldAt = '2026-11-28T09:30:00.000Z') => ({ till: 'till-2', receipt, soldAt })
const line = (quantity: number, fields: Partial<StoredPlant> = {}): StoredPlant => ({
  id: 7,
  name: 'Fern',
  tags: [],
  status: quantity > 0 ? 'available' : 'sold',
  quantity,
  createdAt: AT,
  updatedAt: AT,
  version: 3,
  ...fields
})

describe('the status of a line below zero', () => {
  it('is sold at 0 and below, pending kept; pots arriving that leave it above 0 make it available', () => {
    expect(statusFollowingStock('available', -2, 1)).toBe('sold')
    expect(statusFollowingStock('pending', -2, 1)).toBe('pending')
    expect(statusFollowingStock('sold', -1, -3)).toBe('sold') // receiving 2 on -3: still none on the shelf
    expect(statusFollowingStock('sold', 3, -2)).toBe('available') // receiving 5 on -2
  })
})

describe('a movement on a line below zero', () => {
  it('flags the line when a sale made offline takes it below zero, and keeps the first flag', () => {
    const taken = movedPlantRecord(line(1), -2, AT, flag(14))
    expect(taken).toMatchObject({ quantity: -2, status: 'sold', belowZero: flag(14), version: 4 })
    expect(movedPlantRecord(taken, -3, AT, flag(15)).belowZero).toEqual(flag(14))
    expect(movedPlantRecord(line(5), 4, AT, flag(16)).belowZero).toBeUndefined() // not below zero: nothing to count
  })

  it('keeps the flag through pots received, and a count (or any write that sets the quantity) clears it', () => {
    const flagged = line(-2, { belowZero: flag(14) })
    const received = movedPlantRecord(flagged, 3, AT)
    expect(received).toMatchObject({ quantity: 3, status: 'available', belowZero: flag(14) })
    expect(changedPlantRecord(received, { quantity: 3 }, AT).belowZero).toBeUndefined()
    expect(changedPlantRecord(flagged, { name: 'Boston fern' }, AT).belowZero).toEqual(flag(14)) // not a count
  })
})

describe('the lines to count', () => {
  it('are the flagged lines, the earliest sold first', () => {
    const plant = (id: number, belowZero?: Plant['belowZero']): Plant => ({ ...line(-1), id, ...(belowZero ? { belowZero } : {}) })
    const lines = belowZeroLines([plant(1), plant(2, flag(9, '2026-11-28T09:40:00.000Z')), plant(3, flag(8, '2026-11-28T09:35:00.000Z'))])
    expect(lines.map((item) => item.id)).toEqual([3, 2])
  })
})
