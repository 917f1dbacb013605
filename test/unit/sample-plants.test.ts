/** Which sample plants "Remove sample plants" removes: those still as added, changed only by sales and refunds. */
import { describe, expect, it } from 'vitest'
import type { Plant } from '#shared/plant'
import { isUnchangedSample, samplePlants } from '#shared/sample-plants'

const maple = samplePlants('GBP').find((sample) => sample.name === 'Japanese maple')!
const asStored = (changes: Partial<Plant>): Plant =>
  ({ id: 12, status: 'available', createdAt: '', updatedAt: '', version: 1, ...maple, tags: maple.tags ?? [], ...changes }) as Plant

describe('isUnchangedSample', () => {
  it('keeps a sample a sample through sales and refunds (fewer pots, the status the stock gives)', () => {
    expect(isUnchangedSample(asStored({}), 'GBP')).toBe(true)
    expect(isUnchangedSample(asStored({ quantity: 1 }), 'GBP')).toBe(true)
    expect(isUnchangedSample(asStored({ quantity: 0, status: 'sold' }), 'GBP')).toBe(true)
  })

  it('makes a sample the shop’s once counted up, received, or its status set by hand (found by the attack)', () => {
    expect(isUnchangedSample(asStored({ quantity: 500_000 }), 'GBP')).toBe(false)
    expect(isUnchangedSample(asStored({ quantity: 0, status: 'available' }), 'GBP')).toBe(false)
    expect(isUnchangedSample(asStored({ status: 'pending' }), 'GBP')).toBe(false)
    expect(isUnchangedSample(asStored({ price: 50 }), 'GBP')).toBe(false)
  })
})
