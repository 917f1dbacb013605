/**
 * What the bench measures. A scenario is one or more groups of connections,
 * each cycling through a list of operations; an operation is what one
 * request (or a short sequence of requests) sends. The kinds of write are a
 * table, WRITES: a new one (a stock movement, a sale) is one entry there and
 * gets its row in every size's table, its p50/p99, its CPU per request and
 * its ratio against the in-memory h3 echo (the baseline echoes any write).
 */
import { STATUSES, STOCKED_LINES } from './seed.mjs'

const NEW_PLANT = { name: 'Bench plant', category: 'Bench', tags: ['bench'], status: 'pending' }
const NEW_PRICED_PLANT = { ...NEW_PLANT, price: 19.99 }

const randomId = (maxId) => 1 + Math.floor(Math.random() * maxId)
const randomStatus = () => STATUSES[Math.floor(Math.random() * STATUSES.length)]

/**
 * The kinds of write, in the order they run. Each entry:
 * - `id`, `label`: the row's key and its words in the tables;
 * - `request(maxId, context)`: one request `{method, path, body}` (body an object, sent as JSON), built anew for
 *   every request, so bodies may vary; `maxId` is the seeded catalogue's highest plant id. For an operation of
 *   several requests give `steps: [request, request, …]` instead: each connection runs them in order, and a step's
 *   `onResponse(status, body, context)` can keep what the next one needs (an id) in `context`;
 * - `jsonServer`: the same write on json-server's REST paths, when the peer can do it (else it is not measured);
 * - `grows`: true when the write adds to the catalogue, so every round starts again from the seed;
 * - `prepare({origin, token, maxId})`: optional, awaited before each measured load against our servers (not the
 *   echo), for what the write needs to exist first (stock to move, a basket to complete); it may run more than once;
 * - `targets`: what bench/lib/targets.mjs checks for the row at 10k and 100k plants: `vsEcho` (req/s at least
 *   this share of the h3 echo's), `p99Ms` (at most), `costOf` + `within` (server CPU per operation at most
 *   `within` × that of the write `costOf`).
 * A stock movement would be, for example:
 *   { id: 'stock-move', label: 'POST stock movement', request: (maxId) => ({ method: 'POST', path: '/v3/stock/movements',
 *     body: { plantId: randomId(maxId), change: -1, reason: 'sale' } }), targets: { p99Ms: 10, costOf: 'post', within: 1.5 } }
 */
export const WRITES = [
  {
    id: 'put',
    label: 'PUT update',
    request: (maxId) => ({ method: 'PUT', path: '/v3/plant', body: { id: randomId(maxId), status: randomStatus() } }),
    // json-server's PUT replaces the whole record; PATCH is its partial update, like ours.
    jsonServer: (maxId) => ({ method: 'PATCH', path: `/v3/plants/${randomId(maxId)}`, body: { status: randomStatus() } }),
    targets: { vsEcho: 0.25, p99Ms: 10 }
  },
  // A sale of one pot (a stock movement of a line the seed keeps in stock, seed.mjs) must cost no more than a status
  // update: it runs right after put, on the same server state.
  {
    id: 'stock-sale',
    label: 'POST stock sale (−1 pot)',
    request: () => ({ method: 'POST', path: `/v3/plant/${randomId(STOCKED_LINES)}/stock`, body: { change: -1, reason: 'sold' } }),
    // json-server keeps no stock: the nearest write is a PATCH of one number field.
    // Its target (req/s at least 0.9 × put's) is in targets.mjs.
    jsonServer: () => ({ method: 'PATCH', path: `/v3/plants/${randomId(STOCKED_LINES)}`, body: { quantity: Math.floor(Math.random() * 1000) } })
  },
  {
    id: 'post',
    label: 'POST add',
    grows: true,
    request: () => ({ method: 'POST', path: '/v3/plant', body: NEW_PLANT }),
    jsonServer: () => ({ method: 'POST', path: '/v3/plants', body: NEW_PLANT }),
    targets: { vsEcho: 0.25, p99Ms: 10 }
  },
  // The same adds with a price (kept as whole cents), to hold within 10% of the adds without.
  {
    id: 'post-price',
    label: 'POST add with a price',
    grows: true,
    request: () => ({ method: 'POST', path: '/v3/plant', body: NEW_PRICED_PLANT }),
    jsonServer: () => ({ method: 'POST', path: '/v3/plants', body: NEW_PRICED_PLANT })
  }
]

/** The reads: the contract's search, with a status and without. */
const READS = {
  getAvailable: {
    request: () => ({ method: 'GET', path: '/v3/plant/search/status?status=available' }),
    jsonServer: () => ({ method: 'GET', path: '/v3/plants?status=available' })
  },
  getAll: { request: () => ({ method: 'GET', path: '/v3/plant/search/status' }), jsonServer: () => ({ method: 'GET', path: '/v3/plants' }) }
}

/** Every operation by name: the reads and the writes (by id). */
const OPERATIONS = { ...READS, ...Object.fromEntries(WRITES.map((write) => [write.id, write])) }

const oneGroup = (op) => [{ name: 'all', connections: 10, ops: [op] }]

/** The scenarios, in the order they run (the writes that grow the catalogue last: they restart from the seed). */
export const SCENARIOS = [
  { id: 'get-available', label: 'GET ?status=available', reads: true, groups: oneGroup('getAvailable') },
  { id: 'get-all', label: 'GET (no status)', reads: true, groups: oneGroup('getAll') },
  {
    id: 'mixed',
    label: 'mixed 80/20 GET/PUT',
    groups: [{ name: 'all', connections: 10, ops: ['getAvailable', 'getAvailable', 'getAvailable', 'getAvailable', 'put'] }]
  },
  {
    id: 'rw',
    label: '5 readers + 5 writers',
    groups: [
      { name: 'read', connections: 5, ops: ['getAvailable'] },
      { name: 'write', connections: 5, ops: ['put'] }
    ]
  },
  ...WRITES.map((write) => ({ id: write.id, label: write.label, grows: write.grows === true, write, groups: oneGroup(write.id) }))
]

/** Requests per operation of a scenario's single group (a write of several steps counts each). */
export function stepsOf(scenario) {
  return scenario.write?.steps?.length ?? 1
}

/** True when every operation of `scenario` can be sent to a server of `flavour` ('api' or 'json-server'). */
export function runsOn(scenario, flavour) {
  return scenario.groups.every((group) => group.ops.every((op) => flavour === 'api' || OPERATIONS[op].jsonServer !== undefined))
}

/** The request builders of one operation for `flavour`, in order. */
function stepsFor(op, flavour) {
  const operation = OPERATIONS[op]
  if (flavour === 'json-server') return [operation.jsonServer]
  return operation.steps ?? [operation.request]
}

/**
 * The autocannon `requests` list for one group. Every request carries the
 * bearer token (harmless where there is no auth) and writes declare JSON;
 * each is built when it is sent, so that bodies (random ids) vary.
 */
export function toAutocannonRequests(flavour, ops, { token, maxId }) {
  return ops.flatMap((op) =>
    stepsFor(op, flavour).map((step) => {
      const first = step(maxId, {})
      const headers = { authorization: `Bearer ${token}`, ...(first.body === undefined ? {} : { 'content-type': 'application/json' }) }
      return {
        method: first.method,
        path: first.path,
        headers,
        setupRequest: (request, context) => {
          const { method, path, body } = step(maxId, context)
          return { ...request, method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }
        },
        ...(first.onResponse ? { onResponse: first.onResponse } : {})
      }
    })
  )
}
