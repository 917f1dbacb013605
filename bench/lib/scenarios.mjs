/**
 * What the bench measures: each scenario is one or more groups of
 * connections, each group cycling through a list of operations. The
 * operations are translated per server flavour (our API and the baseline share
 * paths; json-server has its own REST paths and updates with PATCH).
 */
import { STATUSES, STOCKED_LINES } from './seed.mjs'

/** The scenarios, in the order they run (POST last-but-not-least: it grows the catalogue, so it restarts from the seed). */
export const SCENARIOS = [
  { id: 'get-available', label: 'GET ?status=available', groups: [{ name: 'all', connections: 10, ops: ['getAvailable'] }] },
  { id: 'get-all', label: 'GET (no status)', groups: [{ name: 'all', connections: 10, ops: ['getAll'] }] },
  { id: 'put', label: 'PUT update', groups: [{ name: 'all', connections: 10, ops: ['update'] }] },
  // Stock: a sale of one pot (a stock movement) must cost no more than a status update, measured right after it on the same server.
  { id: 'stock-sale', label: 'POST stock sale (−1 pot)', groups: [{ name: 'all', connections: 10, ops: ['sell'] }] },
  {
    id: 'mixed',
    label: 'mixed 80/20 GET/PUT',
    groups: [{ name: 'all', connections: 10, ops: ['getAvailable', 'getAvailable', 'getAvailable', 'getAvailable', 'update'] }]
  },
  {
    id: 'rw',
    label: '5 readers + 5 writers',
    groups: [
      { name: 'read', connections: 5, ops: ['getAvailable'] },
      { name: 'write', connections: 5, ops: ['update'] }
    ]
  },
  { id: 'post', label: 'POST add', grows: true, groups: [{ name: 'all', connections: 10, ops: ['add'] }] },
  // Issue 15: the same adds with a price (kept as whole cents), to hold within 10% of the adds without.
  { id: 'post-price', label: 'POST add with a price', grows: true, groups: [{ name: 'all', connections: 10, ops: ['addPriced'] }] }
]

/** A sale of one pot, as the till sends it. */
const SALE = JSON.stringify({ change: -1, reason: 'sold' })

const NEW_PLANT = JSON.stringify({ name: 'Bench plant', category: 'Bench', tags: ['bench'], status: 'pending' })
const NEW_PRICED_PLANT = JSON.stringify({ name: 'Bench plant', category: 'Bench', tags: ['bench'], status: 'pending', price: 19.99 })

function randomId(maxId) {
  return 1 + Math.floor(Math.random() * maxId)
}

function randomStatus() {
  return STATUSES[Math.floor(Math.random() * STATUSES.length)]
}

/** Paths and methods of each operation, per flavour. */
const FLAVOURS = {
  api: {
    getAvailable: () => ({ method: 'GET', path: '/v3/plant/search/status?status=available' }),
    getAll: () => ({ method: 'GET', path: '/v3/plant/search/status' }),
    add: () => ({ method: 'POST', path: '/v3/plant', body: NEW_PLANT, json: true }),
    addPriced: () => ({ method: 'POST', path: '/v3/plant', body: NEW_PRICED_PLANT, json: true }),
    update: (maxId) => ({
      method: 'PUT',
      path: '/v3/plant',
      json: true,
      setup: (request) => ({ ...request, body: JSON.stringify({ id: randomId(maxId), status: randomStatus() }) })
    }),
    // A line of the seed kept in stock (seed.mjs: the first STOCKED_LINES plants).
    sell: () => ({
      method: 'POST',
      path: '/v3/plant/1/stock',
      body: SALE,
      json: true,
      setup: (request) => ({ ...request, path: `/v3/plant/${randomId(STOCKED_LINES)}/stock` })
    })
  },
  'json-server': {
    getAvailable: () => ({ method: 'GET', path: '/v3/plants?status=available' }),
    getAll: () => ({ method: 'GET', path: '/v3/plants' }),
    add: () => ({ method: 'POST', path: '/v3/plants', body: NEW_PLANT, json: true }),
    addPriced: () => ({ method: 'POST', path: '/v3/plants', body: NEW_PRICED_PLANT, json: true }),
    // json-server's PUT replaces the whole record; PATCH is its partial update, like ours.
    update: (maxId) => ({
      method: 'PATCH',
      path: '/v3/plants/1',
      json: true,
      setup: (request) => ({ ...request, path: `/v3/plants/${randomId(maxId)}`, body: JSON.stringify({ status: randomStatus() }) })
    }),
    // json-server keeps no stock: the nearest write is a PATCH of one number field.
    sell: () => ({
      method: 'PATCH',
      path: '/v3/plants/1',
      json: true,
      setup: (request) => ({
        ...request,
        path: `/v3/plants/${randomId(STOCKED_LINES)}`,
        body: JSON.stringify({ quantity: Math.floor(Math.random() * 1000) })
      })
    })
  }
}

/**
 * The autocannon `requests` list for one group. Every request carries the
 * bearer token (harmless where there is no auth) and writes declare JSON.
 */
export function toAutocannonRequests(flavour, ops, { token, maxId }) {
  return ops.map((op) => {
    const { method, path, body, json, setup } = FLAVOURS[flavour][op](maxId)
    const headers = { authorization: `Bearer ${token}` }
    if (json) headers['content-type'] = 'application/json'
    const request = { method, path, headers }
    if (body !== undefined) request.body = body
    if (setup) request.setupRequest = setup
    return request
  })
}
