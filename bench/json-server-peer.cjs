#!/usr/bin/env node
/**
 * json-server 0.17.4, the peer a shop would otherwise pick (REST over lowdb),
 * set up as its CLI does with `--quiet` (default middlewares, no request log),
 * mounted under /v3 so the bench addresses it like the others:
 * GET /v3/plants?status=…, POST /v3/plants, PATCH /v3/plants/:id.
 *
 * Usage: node bench/json-server-peer.cjs --data DIR   (uses DIR/db.json)
 */
'use strict'
const path = require('node:path')
const { parseArgs } = require('node:util')
const jsonServer = require('json-server')

const { values } = parseArgs({ options: { data: { type: 'string' }, port: { type: 'string', default: '0' } } })
if (!values.data) throw new Error('--data DIR is required')

const server = jsonServer.create()
server.use(jsonServer.defaults({ logger: false }))
server.use('/v3', jsonServer.router(path.join(values.data, 'db.json')))
const listener = server.listen(Number(values.port), '127.0.0.1', () => {
  process.stdout.write(`json-server listening at http://127.0.0.1:${listener.address().port}/v3\n`)
})
process.once('SIGTERM', () => listener.close(() => process.exit(0)))
