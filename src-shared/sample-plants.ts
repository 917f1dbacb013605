/**
 * The sample plants a new shop may start with to try the till: a dozen common plants with categories, prices, stock
 * and tags. Each carries the tag {@link SAMPLE_TAG}, so the contract's PlantResponse shows what it is without a new
 * field, and "Remove sample plants" finds them again. A sample the shop changed since (its name, category, price or
 * tags) is the shop's own now and is kept; selling or counting one is trying the till, so its stock may differ.
 */
import type { NewPlant, Plant } from './plant'
import { statusFollowingStock } from './stock'

/** The tag every sample plant carries. */
export const SAMPLE_TAG = 'sample'

/** A sample as written here: its price in the shop's currency when that is worth about a euro (scaled otherwise). */
interface Sample {
  name: string
  category: string
  price: number
  quantity: number
  tags: readonly string[]
}

const SAMPLES: readonly Sample[] = [
  { name: 'Monstera deliciosa', category: 'Houseplants', price: 24, quantity: 8, tags: ['indoor', 'large'] },
  { name: 'Snake plant', category: 'Houseplants', price: 14.5, quantity: 12, tags: ['indoor', 'easy care'] },
  { name: 'Golden pothos', category: 'Houseplants', price: 9.9, quantity: 15, tags: ['indoor', 'trailing'] },
  { name: 'Peace lily', category: 'Houseplants', price: 12, quantity: 10, tags: ['indoor', 'shade'] },
  { name: 'Fiddle-leaf fig', category: 'Houseplants', price: 32, quantity: 4, tags: ['indoor', 'large'] },
  { name: 'Boston fern', category: 'Houseplants', price: 11, quantity: 6, tags: ['indoor', 'humid'] },
  { name: 'Aloe vera', category: 'Succulents', price: 7.5, quantity: 20, tags: ['indoor', 'easy care'] },
  { name: 'Echeveria Lola', category: 'Succulents', price: 4.9, quantity: 25, tags: ['indoor', 'sunny'] },
  { name: 'Sweet basil', category: 'Herbs', price: 2.99, quantity: 30, tags: ['kitchen'] },
  { name: 'Rosemary', category: 'Herbs', price: 3.99, quantity: 18, tags: ['kitchen', 'outdoor'] },
  { name: 'Lavender Hidcote', category: 'Outdoor', price: 6.5, quantity: 16, tags: ['outdoor', 'bee friendly'] },
  { name: 'Japanese maple', category: 'Outdoor', price: 45, quantity: 3, tags: ['outdoor', 'large'] }
]

/**
 * Currencies whose unit is worth far less than a euro, and how many of them a sample's price is multiplied by, so a
 * basil pot is not 2.99 kronor. Other shop currencies (EUR, GBP, USD, CHF, CAD, AUD…) take the prices as written.
 */
const PRICE_SCALE: Readonly<Record<string, number>> = { DKK: 7, NOK: 10, SEK: 10, CZK: 25, PLN: 4 }

/** The price of a sample in `currency`: scaled where the unit is small, kept to whole cents. */
function priceIn(price: number, currency: string): number {
  return Math.round(price * (PRICE_SCALE[currency] ?? 1) * 100) / 100
}

/** The sample plants to add (POST /v3/plant), priced in `currency`. */
export function samplePlants(currency: string): NewPlant[] {
  return SAMPLES.map((sample) => ({
    name: sample.name,
    category: sample.category,
    price: priceIn(sample.price, currency),
    quantity: sample.quantity,
    tags: [SAMPLE_TAG, ...sample.tags]
  }))
}

/** The number of sample plants {@link samplePlants} adds. */
export const SAMPLE_COUNT = SAMPLES.length

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, index) => tag === b[index])

/**
 * True when the stock and status of `plant` are what selling (and refunding) `sample` can make them: never more pots
 * than were added, and the status the stock gives. A count up, a delivery, or a status set by hand makes the plant
 * the shop's; pots written off cannot be told from pots sold, and keep it a sample.
 */
function onlySoldSince(plant: Plant, sample: NewPlant): boolean {
  if (plant.quantity === undefined || sample.quantity === undefined) return plant.quantity === sample.quantity
  if (plant.quantity > sample.quantity) return false
  return plant.status === statusFollowingStock(sample.status ?? 'available', plant.quantity)
}

/**
 * True when `plant` is a sample plant as it was added in `currency`: tagged {@link SAMPLE_TAG}, with a sample's
 * name, category, price and tags, and changed since only by sales and refunds. Only these are removed by "Remove
 * sample plants": a sample the shop edited, counted, received or set the status of by hand is the shop's.
 */
export function isUnchangedSample(plant: Plant, currency: string): boolean {
  if (!plant.tags.includes(SAMPLE_TAG)) return false
  return samplePlants(currency).some(
    (sample) =>
      sample.name === plant.name &&
      sample.category === plant.category &&
      sample.price === plant.price &&
      sameTags(sample.tags ?? [], plant.tags) &&
      onlySoldSince(plant, sample)
  )
}
