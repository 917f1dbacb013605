/** A catalogue of 10,000 plants for the scale e2e and the UI timing bench (bench/ui): 5,000 available, 3,000 pending, 2,000 sold. */
import type { ApiClient } from '#shared/api-client'
import type { NewPlant, PlantStatus } from '#shared/plant'

export const PLANT_COUNT = 10_000
const SPECIES = [
  ['Monstera deliciosa', 'Aroids'],
  ['Boston fern', 'Ferns'],
  ['Aloe vera', 'Succulents'],
  ['Fiddle-leaf fig', 'Ficus'],
  ['Snake plant', 'Dracaena'],
  ['Peace lily', 'Aroids'],
  ['String of pearls', 'Succulents'],
  ['Calathea orbifolia', 'Marantaceae'],
  ['Olive tree', 'Trees'],
  ['ZZ plant', 'Aroids'],
  ['Maidenhair fern', 'Ferns'],
  ['Bird of paradise', 'Strelitzia'],
  ['Pothos', 'Aroids'],
  ['Rubber plant', 'Ficus'],
  ['Jade plant', 'Succulents'],
  ['Spider plant', 'Asparagaceae']
] as const
const TAGS = ['indoor', 'outdoor', 'shade', 'sun', 'humid', 'hanging', 'pet safe', 'large', 'small', 'hardy']

/** 2,000 sold, 3,000 pending, 5,000 available: every filter shows a different total. */
function statusOf(i: number): PlantStatus {
  const slot = i % 10
  return slot < 2 ? 'sold' : slot < 5 ? 'pending' : 'available'
}

function samplePlant(i: number): NewPlant {
  const [name, category] = SPECIES[i % SPECIES.length]!
  return {
    name: `${name} ${String(i + 1).padStart(5, '0')}`,
    category,
    tags: [TAGS[i % TAGS.length]!, TAGS[(i * 7 + 3) % TAGS.length]!],
    status: statusOf(i)
  }
}

/** Adds the plants through the API, several requests in flight (the server saves them in group commits). */
export async function seed(api: ApiClient, count: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) await api.addPlant(samplePlant(next++))
  }
  await Promise.all(Array.from({ length: 48 }, worker))
}
