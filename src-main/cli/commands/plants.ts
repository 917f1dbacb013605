/**
 * `plant-store plants`: list, read, add, change, delete and restore plants from a shell
 * script, through the running server (or the folder itself when nothing runs
 * on it), with JSON output and exit codes a script can act on.
 */
import { ApiError, type ApiClient } from '#shared/api-client'
import { PLANT_STATUSES, isPlantStatus, type FieldChanges, type NewPlant, type Plant, type PlantStatus } from '#shared/plant'
import { PAGE_LIMIT_MAX } from '#shared/api-paths'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { withApiClient } from '#cli/api-command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { OWNER_WITHOUT_PIN } from '#cli/output/help-notes'
import { changedWords, printPlantJson, printPlantLines, printPlantsJson, printPlantsTable } from '#cli/output/plants-output'
import { plantMoneyOf } from '#cli/output/money-output'
import { pushAll } from '#shared/arrays'

const help = `Usage: plant-store plants list [--status S]... [--q TEXT] [--json]
       plant-store plants get ID [--json]
       plant-store plants add --name N [--category C] [--tags a,b] [--status S] [--price P] [--key K] [--json]
       plant-store plants set ID [--status S] [--name N] [--category C] [--tags a,b] [--price P] [--if-match VERSION] [--json]
       plant-store plants delete ID [--if-match VERSION] [--json]
       plant-store plants restore ID [--json]

Talks to the Plant Store running on the data folder (found in its server.json, with the
owner's token), or opens the folder itself when nothing runs there. list prints a table
(STOCK: pots on hand, "low" at or below the reorder level, "-" for a single plant; PRICE
in the shop's currency); get prints the plant's fields; set says what it changed.

${OWNER_WITHOUT_PIN}

Options:
  --status S         ${PLANT_STATUSES.join(', ')} (list: repeat or comma-separate for several)
  --q TEXT           (list) words that must all occur in the name, category or a tag
  --name, --category, --tags a,b
                     the plant's fields (--tags "" empties the tags)
  --price P          the price in the shop's currency (config set currency), at most two
                     decimals, e.g. 12.50; (set) --price "" removes the price
  --if-match VERSION (set, delete) change or delete the plant only if it is still at VERSION
                     (the version column of list or get); exit 4 if someone changed it since
  --key K            (add) idempotency key: running the same add again with the same key
                     adds nothing and prints the plant the first run added
  --json             print full plants as JSON (with version) instead of a table (delete: the
                     plant as it was; restore: the plant as it is back)
${dataOptionHelp()}
  -h, --help         show this help

A deleted plant can be restored, same id and fields, for 30 days.

Exit codes: 0 done, 1 failed (e.g. the server did not answer), 2 usage error, 3 no such plant
(or deleted already, or no Plant Store data in the folder; restore: nothing to restore), 4 changed
since --if-match VERSION (restore: the plant is not deleted), 5 invalid values, 6 token not
accepted or not allowed to change plants.
`

const OPTIONS = {
  status: { type: 'string', multiple: true },
  q: { type: 'string' },
  name: { type: 'string' },
  category: { type: 'string' },
  tags: { type: 'string' },
  price: { type: 'string' },
  'if-match': { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' }
} as const

type Values = Partial<{
  status: string[]
  q: string
  name: string
  category: string
  tags: string
  price: string
  'if-match': string
  key: string
  json: boolean
}>

/** Which options each action takes; any other is a usage error rather than silently ignored. */
const ACCEPTS: Record<string, readonly (keyof Values)[]> = {
  list: ['status', 'q', 'json'],
  get: ['json'],
  add: ['name', 'category', 'tags', 'status', 'price', 'key', 'json'],
  set: ['name', 'category', 'tags', 'status', 'price', 'if-match', 'json'],
  delete: ['if-match', 'json'],
  restore: ['json']
}

function wholeNumber(raw: string | undefined, what: string): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`${what} must be a positive whole number; got "${raw ?? ''}"`)
  return Number(raw)
}

const ifVersionOf = (values: Values): number | undefined =>
  values['if-match'] === undefined ? undefined : wholeNumber(values['if-match'], '--if-match')

function oneStatus(values: Values): PlantStatus | undefined {
  const given = values.status ?? []
  if (given.length > 1) throw new UsageError('give --status once')
  const status = given[0]
  if (status !== undefined && !isPlantStatus(status)) throw new UsageError(`--status must be one of ${PLANT_STATUSES.join(', ')}; got "${status}"`)
  return status
}

/** --price: a decimal number, or "" (set only) for no price; the server checks the bounds and decimals. */
function price(raw: string): number | null {
  if (raw.trim() === '') return null
  if (!/^\d{1,16}(\.\d{1,16})?$/.test(raw.trim())) throw new UsageError(`--price must be a number such as 12.50; got "${raw}"`)
  return Number(raw.trim())
}

/** The plant fields given on the command line; the server checks their values. */
function fields(values: Values): FieldChanges {
  const plant: FieldChanges = {}
  if (values.price !== undefined) plant.price = price(values.price)
  if (values.name !== undefined) plant.name = values.name
  if (values.category !== undefined) plant.category = values.category
  if (values.tags !== undefined)
    plant.tags = values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '')
  const status = oneStatus(values)
  if (status !== undefined) plant.status = status
  return plant
}

async function list(client: ApiClient, values: Values): Promise<void> {
  const statuses = (values.status ?? []).flatMap((entry) => entry.split(',')).map((status) => status.trim())
  const bad = statuses.find((status) => !isPlantStatus(status))
  if (bad !== undefined) throw new UsageError(`--status must be one of ${PLANT_STATUSES.join(', ')}; got "${bad}"`)
  const query = { status: statuses as PlantStatus[], q: values.q, limit: PAGE_LIMIT_MAX }
  const first = await client.listPlants(query)
  const plants = [...first.plants]
  while (plants.length < first.total) pushAll(plants, (await client.listPlants({ ...query, offset: plants.length })).plants)
  if (values.json) printPlantsJson(plants)
  else printPlantsTable(plants, await plantMoneyOf(client))
}

/** One plant: JSON for scripts, or lines with its stock and its price in the shop's money. */
async function printPlant(client: ApiClient, plant: Plant, json: boolean | undefined): Promise<void> {
  if (json) printPlantJson(plant)
  else printPlantLines(plant, await plantMoneyOf(client))
}

async function add(client: ApiClient, values: Values): Promise<void> {
  if (values.name === undefined) throw new UsageError('give the plant a name: plant-store plants add --name NAME')
  const given = fields(values)
  if (given.price === null) throw new UsageError('--price "" removes a price: leave --price out to add a plant without one')
  const added = await client.addPlant(given as NewPlant, { idempotencyKey: values.key })
  const plant = await client.getPlant(added.id)
  if (values.json) printPlantJson(plant)
  else process.stdout.write(`Added plant ${plant.id}${plant.name ? ` "${plant.name}"` : ''} (${plant.status}, version ${plant.version})\n`)
}

async function set(client: ApiClient, id: number, values: Values): Promise<void> {
  const changes = fields(values)
  if (Object.keys(changes).length === 0) throw new UsageError('say what to change: --status, --name, --category, --tags or --price')
  await client.savePlant({ id, ...changes }, { ifVersion: ifVersionOf(values) })
  const plant = await client.getPlant(id)
  if (values.json) printPlantJson(plant)
  else process.stdout.write(`${changedWords(changes, plant, await plantMoneyOf(client))}\n`)
}

const named = (plant: Plant) => `plant ${plant.id}${plant.name ? ` "${plant.name}"` : ''}`

async function remove(client: ApiClient, id: number, values: Values): Promise<void> {
  const ifMatch = ifVersionOf(values)
  const plant = await client.getPlant(id).catch((error: unknown) => {
    // The server's words name the HTTP call that restores; a shell user has a command for it.
    if (error instanceof ApiError && error.title === 'Plant deleted')
      throw new CommandError(`plant ${id} is deleted already; plant-store plants restore ${id} brings it back`, EXIT_CODES.notFound)
    throw error
  })
  await client.deletePlant(id, { ifMatch })
  if (values.json) printPlantJson(plant)
  else process.stdout.write(`Deleted ${named(plant)}; plant-store plants restore ${id} brings it back (within 30 days)\n`)
}

async function restore(client: ApiClient, id: number, values: Values): Promise<void> {
  const plant = await client.restorePlant(id)
  if (values.json) printPlantJson(plant)
  else process.stdout.write(`Restored ${named(plant)} (${plant.status}, version ${plant.version})\n`)
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals, dataDir } = readOptions(args, env, OPTIONS, true)
  const [action, id, ...extra] = positionals
  const accepted = action !== undefined && Object.hasOwn(ACCEPTS, action) ? ACCEPTS[action] : undefined // never `constructor`
  if (!accepted) throw new UsageError(`say what to do: plant-store plants list|get|add|set|delete|restore (got "${action ?? ''}"); see --help`)
  const stray = (Object.keys(values) as (keyof Values | 'data')[]).find((name) => name !== 'data' && !accepted.includes(name))
  if (stray !== undefined) throw new UsageError(`--${stray} does not go with plants ${action}`)
  const needsId = action !== 'list' && action !== 'add'
  if (extra.length > 0 || (!needsId && id !== undefined)) throw new UsageError(`unexpected "${[...(needsId ? [] : [id]), ...extra].join(' ')}"`)
  const plantId = needsId ? wholeNumber(id, 'the plant ID') : 0
  const use = action === 'list' || action === 'get' ? 'read' : 'write'
  return withApiClient(dataDir, env, { holder: 'a plant-store plants command', use }, async (client) => {
    if (action === 'list') await list(client, values)
    else if (action === 'get') await printPlant(client, await client.getPlant(plantId), values.json)
    else if (action === 'add') await add(client, values)
    else if (action === 'set') await set(client, plantId, values)
    else if (action === 'delete') await remove(client, plantId, values)
    else await restore(client, plantId, values)
  })
}

export const plantsCommand: Command = { summary: 'list, show, add, change, delete and restore plants from scripts (--json)', help, run }
