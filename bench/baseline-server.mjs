#!/usr/bin/env node
/**
 * The bench's bare-metal baseline: h3 v2 on node:http (the same transport as
 * our server) with no auth, validation, headers or storage. It answers the
 * same GET by filtering an in-memory array and letting h3 stringify it, and
 * the same POST/PUT by parsing the body and echoing it.
 *
 * Usage: node bench/baseline-server.mjs --data DIR   (reads DIR/plants.json, prints "listening at …/v3")
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { H3, toNodeHandler } from 'h3'

const { values } = parseArgs({ options: { data: { type: 'string' }, port: { type: 'string', default: '0' } } })
if (!values.data) throw new Error('--data DIR is required')
// The same file our server reads, parsed the same way, so idle memory compares like with like.
const { plants } = JSON.parse(readFileSync(path.join(values.data, 'plants.json'), 'utf8'))

// Same response shape as ours (the contract's PlantResponse: no category, no timestamps).
const toResponse = (plant) => ({ id: plant.id, name: plant.name, status: plant.status, tags: plant.tags })

const app = new H3()
app.get('/v3/plant/search/status', (event) => {
  const status = event.url.searchParams.get('status')
  const limit = Number(event.url.searchParams.get('limit') ?? Infinity) // only for the start-up probe
  const matches = status ? plants.filter((plant) => plant.status === status) : plants
  return matches.slice(0, limit).map(toResponse)
})
const echo = (event) => event.req.json()
app.post('/v3/plant', echo)
app.put('/v3/plant', echo)
app.post('/v3/plant/:id/stock', echo)

const server = createServer(toNodeHandler(app))
server.listen({ host: '127.0.0.1', port: Number(values.port) }, () => {
  process.stdout.write(`baseline listening at http://127.0.0.1:${server.address().port}/v3\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
