#!/usr/bin/env node
/**
 * The bench's upper limit for reads: plain node:http (no framework, no auth)
 * answering the search with bytes computed once per distinct query and kept,
 * in the contract's response shape. Nothing answers faster over node:http;
 * how close our search gets to it is what our own answer cache is worth.
 * Writes are echoed like the h3 baseline's, without h3.
 *
 * Usage: node bench/limit-server.mjs --data DIR   (reads DIR/plants.json, prints "listening at …/v3")
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { data: { type: 'string' }, port: { type: 'string', default: '0' } } })
if (!values.data) throw new Error('--data DIR is required')
const { plants } = JSON.parse(readFileSync(path.join(values.data, 'plants.json'), 'utf8'))

const answers = new Map()
/** The answer to one search query string, computed on its first request. */
function answerTo(search) {
  let body = answers.get(search)
  if (body === undefined) {
    const query = new URLSearchParams(search)
    const status = query.get('status')
    const limit = Number(query.get('limit') ?? Infinity) // only for the start-up probe
    const matches = (status ? plants.filter((plant) => plant.status === status) : plants).slice(0, limit)
    body = Buffer.from(JSON.stringify(matches.map(({ id, name, status, tags }) => ({ id, name, status, tags }))))
    answers.set(search, body)
  }
  return body
}

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const [pathname, search = ''] = req.url.split('?')
    if (pathname !== '/v3/plant/search/status') return res.writeHead(404).end()
    const body = answerTo(search)
    return res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body)
  }
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    const body = Buffer.concat(chunks)
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body)
  })
})
server.listen({ host: '127.0.0.1', port: Number(values.port) }, () => {
  process.stdout.write(`limit listening at http://127.0.0.1:${server.address().port}/v3\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
