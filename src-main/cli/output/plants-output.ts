/** How `plant-store plants` prints plants: a table or lines for people, JSON (full plants) for scripts. */
import type { Plant } from '#shared/plant'
import { printTable } from './table'

const COLUMNS: [string, (plant: Plant) => string][] = [
  ['ID', (plant) => String(plant.id)],
  ['NAME', (plant) => plant.name ?? ''],
  ['CATEGORY', (plant) => plant.category ?? ''],
  ['STATUS', (plant) => plant.status],
  ['TAGS', (plant) => plant.tags.join(',')],
  ['PRICE', (plant) => plant.price?.toFixed(2) ?? ''],
  ['VERSION', (plant) => String(plant.version)]
]

/** Prints `plants` as a JSON array, or as a table with a header line. */
export function printPlants(plants: readonly Plant[], json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(plants, null, 2)}\n`)
    return
  }
  printTable([COLUMNS.map(([title]) => title), ...plants.map((plant) => COLUMNS.map(([, cell]) => cell(plant)))])
}

/** Prints one plant as JSON, or as `field: value` lines. */
export function printPlant(plant: Plant, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(plant, null, 2)}\n`)
    return
  }
  const lines: [string, string][] = [
    ['id', String(plant.id)],
    ['name', plant.name ?? ''],
    ['category', plant.category ?? ''],
    ['status', plant.status],
    ['tags', plant.tags.join(', ')],
    ['price', plant.price?.toFixed(2) ?? ''],
    ['version', String(plant.version)],
    ['created', plant.createdAt],
    ['updated', plant.updatedAt]
  ]
  for (const [label, value] of lines) process.stdout.write(`${`${label}:`.padEnd(10)}${value}\n`)
}
