/** A small catalogue whose export exercises the file formats: a formula-like name, markup characters, umlauts, prices with and without cents. */
import type { Plant } from '#shared/plant'

const at = '2026-03-01T10:00:00.000Z'

export const TRANSFER_CATALOGUE: Plant[] = [
  {
    id: 1,
    name: 'Monstera',
    category: 'Aroids',
    tags: ['indoor', 'shade'],
    status: 'available',
    price: 19.99,
    createdAt: at,
    updatedAt: at,
    version: 1
  },
  { id: 2, name: 'Olivenbaum groß', category: 'Kübel', tags: [], status: 'pending', price: 1249, createdAt: at, updatedAt: at, version: 1 },
  { id: 3, name: '=1+1', tags: ['-dry'], status: 'sold', price: 0.3, createdAt: at, updatedAt: at, version: 1 },
  { id: 4, name: 'Fern & <Moss> "Boston"', tags: [], status: 'available', createdAt: at, updatedAt: at, version: 1 },
  { id: 5, name: 'Glücksfeder', tags: ['pflegeleicht'], status: 'pending', price: 4.5, createdAt: at, updatedAt: at, version: 1 }
]

/** The plant of `id` in {@link TRANSFER_CATALOGUE}, as an import's lookup. */
export const transferLookup = (id: number): Plant | undefined => TRANSFER_CATALOGUE.find((plant) => plant.id === id)
