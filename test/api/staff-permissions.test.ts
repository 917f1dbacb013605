import { describe, expect, it } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { STAFF_ROLES, refusalWords, roleMay, type StaffAction, type StaffRole } from '#shared/staff'
import { ALLOWED_METHODS, WRITE_ROUTE_ACTIONS } from '#server/routes/resources'
import { createTestApp } from '#setup/in-process'
import { createStaffedApp, sessionOf } from '#setup/staff'
import { CLI_ACTOR } from '#store'

/** A write of every kind: its route (as the table names it), the request, and the action it is. */
interface WriteCase {
  route: string
  action: StaffAction
  method: string
  path: string
  body?: unknown
}

/** One pot of the 4.00 fern, paid in cash; and that pot given back. */
const SALE = { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'cash', amount: 400 }] }
const REFUND = { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'wilted' }

const cases: WriteCase[] = [
  { route: 'POST /plant', action: 'add-plants', method: 'POST', path: '/v3/plant', body: { name: 'Fern', price: 4 } },
  { route: 'PUT /plant', action: 'edit-plants', method: 'PUT', path: '/v3/plant', body: { id: 1, name: 'Big fern', price: 4 } },
  { route: 'PUT /plant', action: 'change-prices', method: 'PUT', path: '/v3/plant', body: { id: 1, price: 9 } },
  { route: 'DELETE /plant/{id}', action: 'delete-plants', method: 'DELETE', path: '/v3/plant/1' },
  { route: 'POST /plant/{id}/restore', action: 'delete-plants', method: 'POST', path: '/v3/plant/1/restore' },
  { route: 'POST /plant/bulk', action: 'edit-plants', method: 'POST', path: '/v3/plant/bulk', body: { ids: [1], changes: { tags: ['shade'] } } },
  { route: 'POST /plant/bulk', action: 'change-prices', method: 'POST', path: '/v3/plant/bulk', body: { updates: [{ id: 1, price: 3 }] } },
  { route: 'POST /plant/bulk/delete', action: 'delete-plants', method: 'POST', path: '/v3/plant/bulk/delete', body: { ids: [1] } },
  { route: 'POST /plant/bulk/restore', action: 'delete-plants', method: 'POST', path: '/v3/plant/bulk/restore', body: { ids: [1] } },
  { route: 'PUT /settings/shop', action: 'settings', method: 'PUT', path: '/v3/settings/shop', body: { currency: 'EUR' } },
  { route: 'POST /tokens', action: 'tokens', method: 'POST', path: '/v3/tokens', body: { name: 'script' } },
  { route: 'DELETE /tokens/{name}', action: 'tokens', method: 'DELETE', path: '/v3/tokens/script' },
  { route: 'POST /import', action: 'import', method: 'POST', path: '/v3/import', body: [] },
  { route: 'PUT /backup', action: 'backups', method: 'PUT', path: '/v3/backup', body: { dir: null } },
  { route: 'POST /backup', action: 'backups', method: 'POST', path: '/v3/backup' },
  { route: 'POST /plant/{id}/stock', action: 'sell', method: 'POST', path: '/v3/plant/1/stock', body: { change: -1, reason: 'sold' } },
  { route: 'POST /plant/{id}/stock', action: 'refund', method: 'POST', path: '/v3/plant/1/stock', body: { change: 1, reason: 'returned' } },
  { route: 'POST /plant/{id}/stock', action: 'receive-stock', method: 'POST', path: '/v3/plant/1/stock', body: { change: 5, reason: 'received' } },
  {
    route: 'POST /plant/{id}/stock',
    action: 'write-off-stock',
    method: 'POST',
    path: '/v3/plant/1/stock',
    body: { change: -1, reason: 'written-off' }
  },
  {
    route: 'POST /plant/bulk/stock',
    action: 'receive-stock',
    method: 'POST',
    path: '/v3/plant/bulk/stock',
    body: { movements: [{ id: 1, count: 7, reason: 'counted' }] }
  },
  {
    route: 'POST /plant/bulk/stock',
    action: 'write-off-stock', // a count below the 3 pots the line has takes pots away
    method: 'POST',
    path: '/v3/plant/bulk/stock',
    body: { movements: [{ id: 1, count: 1, reason: 'counted' }] }
  },
  { route: 'POST /plant/{id}/stock', action: 'write-off-stock', method: 'POST', path: '/v3/plant/1/stock', body: { count: 0, reason: 'counted' } },
  { route: 'PUT /settings/sales', action: 'settings', method: 'PUT', path: '/v3/settings/sales', body: { pricesIncludeTax: true, taxRates: [] } },
  { route: 'POST /sales', action: 'sell', method: 'POST', path: '/v3/sales', body: SALE },
  {
    route: 'POST /sales',
    action: 'change-prices',
    method: 'POST',
    path: '/v3/sales',
    body: { lines: [{ plantId: 1, quantity: 1, unitPrice: 300, priceReason: 'price match' }], payments: [{ method: 'cash', amount: 300 }] }
  },
  {
    route: 'POST /offline-sales',
    action: 'sell',
    method: 'POST',
    path: '/v3/offline-sales',
    body: { sales: [{ key: 'k', madeAt: '2026-11-28T09:30:00.000Z', sale: SALE }] }
  },
  {
    route: 'POST /sales',
    action: 'change-prices', // a discount of all but a cent sells below price as surely as an override
    method: 'POST',
    path: '/v3/sales',
    body: { lines: [{ plantId: 1, quantity: 1, discount: { amount: 399, reason: 'mate' } }], payments: [{ method: 'cash', amount: 1 }] }
  },
  {
    route: 'POST /sales',
    action: 'change-prices',
    method: 'POST',
    path: '/v3/sales',
    body: { lines: [{ plantId: 1, quantity: 1 }], discount: { amount: 100, reason: 'loyal' }, payments: [{ method: 'cash', amount: 300 }] }
  },
  {
    route: 'PUT /baskets/{basketId}',
    action: 'sell',
    method: 'PUT',
    path: '/v3/baskets/till-1',
    body: { idempotencyKey: 'basket-key-1', lines: [] }
  },
  { route: 'DELETE /baskets/{basketId}', action: 'sell', method: 'DELETE', path: '/v3/baskets/till-1' },
  { route: 'POST /sales/{receipt}/refunds', action: 'refund', method: 'POST', path: '/v3/sales/1/refunds', body: REFUND },
  { route: 'POST /days/current/close', action: 'close-day', method: 'POST', path: '/v3/days/current/close', body: { counted: 400 } },
  // An address never this computer's (documentation range): the owner is let through to a 409, no listener starts.
  { route: 'PUT /settings/lan', action: 'other-tills', method: 'PUT', path: '/v3/settings/lan', body: { address: '192.0.2.1' } },
  { route: 'DELETE /settings/lan', action: 'other-tills', method: 'DELETE', path: '/v3/settings/lan' },
  { route: 'POST /pairing-codes', action: 'other-tills', method: 'POST', path: '/v3/pairing-codes' },
  { route: 'POST /outbox/refused/dealt-with', action: 'sell', method: 'POST', path: '/v3/outbox/refused/dealt-with', body: { key: 'k' } },
  { route: 'POST /pair', action: 'other-tills', method: 'POST', path: '/v3/pair', body: { code: '1234-5678', till: 'till-9' } },
  { route: 'POST /setup/main', action: 'settings', method: 'POST', path: '/v3/setup/main' },
  { route: 'POST /setup/shop', action: 'settings', method: 'POST', path: '/v3/setup/shop' },
  {
    route: 'POST /setup/connect',
    action: 'settings',
    method: 'POST',
    path: '/v3/setup/connect',
    body: { address: 'https://10.0.0.2:7421', code: '1', fingerprint: 'AB'.repeat(32), till: 'till-9' }
  },
  { route: 'POST /staff', action: 'staff', method: 'POST', path: '/v3/staff', body: { name: 'Ben', role: 'staff', pin: '5555' } },
  { route: 'PATCH /staff/{id}', action: 'staff', method: 'PATCH', path: '/v3/staff/3', body: { refundLimitCents: 500 } },
  { route: 'DELETE /staff/{id}', action: 'staff', method: 'DELETE', path: '/v3/staff/3' },
  { route: 'POST /staff/{id}/unlock', action: 'staff', method: 'POST', path: '/v3/staff/3/unlock' },
  { route: 'PUT /staff/settings', action: 'staff', method: 'PUT', path: '/v3/staff/settings', body: { lockAfterMinutes: 10 } }
]

const writeRoutes = Object.entries(ALLOWED_METHODS).flatMap(([path, methods]) =>
  methods.filter((method) => method !== 'GET' && method !== 'HEAD').map((method) => `${method} ${path}`)
)

describe('staff roles on every write route (extension)', () => {
  it('every write route of the API has its action in the permissions table, and a case here', () => {
    const tabled = Object.keys(WRITE_ROUTE_ACTIONS)
    expect(writeRoutes.filter((route) => !tabled.includes(route))).toEqual([])
    const covered = new Set(cases.map((item) => item.route))
    const unchecked = tabled.filter((route) => WRITE_ROUTE_ACTIONS[route] !== 'sign-in' && !covered.has(route))
    expect(unchecked).toEqual([])
  })

  const table = STAFF_ROLES.flatMap((role) => cases.map((item) => ({ role, ...item })))
  it.each(table)('$role: $method $path ($action)', async ({ role, action, method, path, body }) => {
    const app = await createStaffedApp()
    await app.store.add({ name: 'Fern', status: 'available', tags: [], price: 4, quantity: 3 }, CLI_ACTOR)
    if (path.endsWith('/restore')) await app.store.edits.delete(1, CLI_ACTOR)
    if (path.startsWith('/v3/sales/')) expect((await app.call('POST', '/v3/sales', SALE, sessionOf(app, 'owner'))).status).toBe(201)
    const response = await app.call(method, path, body, sessionOf(app, role as StaffRole))
    const problem = response.status === 403 ? ((await response.json()) as { type: string; detail: string }) : undefined
    if (roleMay(role as StaffRole, action)) {
      // Allowed by the role: whatever the route then says (a wrong pairing code is its own 403), not the staff check's.
      expect(problem?.type, `${role} may ${action}`).not.toBe(PROBLEM_TYPES.staffNotAllowed)
      expect(problem?.type).not.toBe(PROBLEM_TYPES.staffSessionNeeded)
      expect(response.status, `${method} ${path} must be a request the route takes`).not.toBe(400)
    } else {
      expect(response.status).toBe(403)
      expect(problem?.type).toBe(PROBLEM_TYPES.staffNotAllowed)
      expect(problem?.detail).toContain(refusalWords(action))
    }
  })
})

describe('who needs a staff session (extension)', () => {
  it('with staff set up, a write through the owner token without a session is refused, saying to sign in, and changes nothing', async () => {
    const app = await createStaffedApp()
    const response = await app.call('POST', '/v3/plant', { name: 'Fern' })
    expect(response.status).toBe(403)
    const problem = await response.json()
    expect(problem.type).toBe(PROBLEM_TYPES.staffSessionNeeded)
    expect(problem.detail).toMatch(/sign in with a PIN/)
    expect(app.store.size).toBe(0)
    expect((await app.call('GET', '/v3/plant')).status).toBe(200) // reading needs no member
  })

  it('a session that idled past the lock time has ended', async () => {
    let now = 0
    const app = await createStaffedApp({ staffClock: () => now })
    const session = sessionOf(app, 'staff')
    expect((await app.call('POST', '/v3/plant', { name: 'Fern' }, session)).status).toBe(200)
    now += 5 * 60_000 + 1
    const response = await app.call('POST', '/v3/plant', { name: 'Moss' }, session)
    expect(response.status).toBe(403)
    expect((await response.json()).detail).toMatch(/^The staff session ended/)
  })

  it('named tokens keep their scope, and the plant-store command is the owner, with staff set up', async () => {
    const app = await createStaffedApp()
    const token = (await app.namedTokens.add('price-script', 'read-write'))!.token
    expect((await app.call('POST', '/v3/plant', { name: 'Fern' }, { authorization: `Bearer ${token}` })).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, price: 3 }, { authorization: `Bearer ${token}` })).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, price: 4 }, { 'x-plant-store-client': 'cli' })).status).toBe(200)
  })

  it("a till's own token with a member's session is held to the member's role and names them", async () => {
    const app = await createStaffedApp()
    const till = { authorization: `Bearer ${(await app.namedTokens.add('till-2', 'read-write'))!.token}` }
    expect((await app.call('POST', '/v3/plant', { name: 'Fern', price: 3 }, { ...till, ...sessionOf(app, 'staff') })).status).toBe(200)
    const refused = await app.call('PUT', '/v3/plant', { id: 1, price: 4 }, { ...till, ...sessionOf(app, 'staff') })
    expect((await refused.json()).detail).toMatch(/^Only a manager or the owner can change prices; Anna is signed in as staff/)
    const { changes } = await (await app.call('GET', '/v3/changes?since=0')).json()
    expect(changes[0]).toMatchObject({ by: 'till-2', staff: 'Anna' })
  })

  it("a paired till's token is a till window: with staff set up its writes need a member, but its sales made offline do not", async () => {
    const app = await createStaffedApp()
    await app.store.add({ name: 'Fern', status: 'available', tags: [], price: 4, quantity: 3 }, CLI_ACTOR)
    const till = { authorization: `Bearer ${(await app.namedTokens.add('till-2', 'read-write', 'till'))!.token}` }
    const withoutMember = await app.call('PUT', '/v3/plant', { id: 1, price: 0.01 }, till)
    expect(withoutMember.status).toBe(403)
    expect((await withoutMember.json()).type).toBe(PROBLEM_TYPES.staffSessionNeeded)
    expect((await app.call('POST', '/v3/sales', SALE, till)).status).toBe(403)
    expect((await app.call('POST', '/v3/days/current/close', { counted: 0 }, till)).status).toBe(403)
    // Made while the till could not reach this computer, when no session could be checked: taken, never lost.
    const offline = await app.call('POST', '/v3/offline-sales', { sales: [{ key: 'k1', madeAt: '2026-11-28T09:30:00.000Z', sale: SALE }] }, till)
    expect(offline.status).toBe(200)
    expect((await offline.json()).results[0]).toMatchObject({ status: 201 })
    expect((await app.call('POST', '/v3/sales', SALE, { ...till, ...sessionOf(app, 'staff') })).status).toBe(201)
  })

  it('an edit that sets fewer pots is a write-off, as the same count through the stock routes is; more pots are received', async () => {
    const app = await createStaffedApp()
    await app.store.add({ name: 'Fern', status: 'available', tags: [], price: 4, quantity: 5 }, CLI_ACTOR)
    const staff = sessionOf(app, 'staff')
    for (const [method, path, body] of [
      ['PUT', '/v3/plant', { id: 1, quantity: 1 }],
      ['PUT', '/v3/plant', { id: 1, quantity: null }],
      ['POST', '/v3/plant/bulk', { ids: [1], changes: { quantity: 0 } }]
    ] as const) {
      const refused = await app.call(method, path, body, staff)
      expect(refused.status, JSON.stringify(body)).toBe(403)
      expect((await refused.json()).detail).toMatch(/^Only a manager or the owner can write off stock; Anna is signed in as staff/)
    }
    expect(app.store.get(1)?.quantity).toBe(5)
    expect((await app.call('PUT', '/v3/plant', { id: 1, quantity: 8 }, staff)).status).toBe(200) // received
    // The price it has, however the number is spelt, is no price change (the store keeps cents).
    expect((await app.call('PUT', '/v3/plant', { id: 1, price: 3.999999999999999 }, staff)).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, quantity: 3 }, sessionOf(app, 'manager'))).status).toBe(200)
  })

  it('a category with another tax rate is a price change: staff may recategorise only where what customers pay stays', async () => {
    const app = await createStaffedApp()
    const rates = [
      { id: 'reduced', name: 'Plants 7%', percent: 7 },
      { id: 'standard', name: 'Standard 19%', percent: 19 }
    ]
    const sales = { pricesIncludeTax: false, taxRates: rates, defaultTaxRate: 'standard', categoryTaxRates: { Herbs: 'reduced' } }
    expect((await app.call('PUT', '/v3/settings/sales', sales, { 'x-plant-store-client': 'cli' })).status).toBe(200)
    await app.store.add({ name: 'Olive', status: 'available', tags: [], category: 'Trees', price: 100, quantity: 1 }, CLI_ACTOR)
    const staff = sessionOf(app, 'staff')
    // 119.00 would become 107.00: refused as a price change, by one plant and in bulk, and nothing moves.
    for (const [method, path, body] of [
      ['PUT', '/v3/plant', { id: 1, category: 'Herbs' }],
      ['PUT', '/v3/plant', { id: 1, category: 'herbs' }],
      ['POST', '/v3/plant/bulk', { updates: [{ id: 1, category: 'Herbs' }] }]
    ] as const) {
      const refused = await app.call(method, path, body, staff)
      expect(refused.status, JSON.stringify(body)).toBe(403)
      expect((await refused.json()).detail).toMatch(/^Only a manager or the owner can change prices; Anna is signed in as staff/)
    }
    expect(app.store.get(1)?.category).toBe('Trees')
    // Another category at the same rate (the default), and removing the category (the default too): an edit.
    expect((await app.call('PUT', '/v3/plant', { id: 1, category: 'Shrubs' }, staff)).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, category: null }, staff)).status).toBe(200)
    // A manager may change what customers pay.
    expect((await app.call('PUT', '/v3/plant', { id: 1, category: 'Herbs' }, sessionOf(app, 'manager'))).status).toBe(200)
  })

  it('without staff, the owner token changes anything without a session, as before', async () => {
    const app = await createTestApp()
    expect((await app.call('POST', '/v3/plant', { name: 'Fern', price: 3 })).status).toBe(200)
    expect((await app.call('PUT', '/v3/plant', { id: 1, price: 4 })).status).toBe(200)
  })

  it("a staff member's refund of a sale stays within their limit; a manager's does not need to", async () => {
    const app = await createStaffedApp()
    await app.store.add({ name: 'Fern', status: 'available', tags: [], price: 6, quantity: 3 }, CLI_ACTOR)
    const sold = { lines: [{ plantId: 1, quantity: 2 }], payments: [{ method: 'cash', amount: 1200 }] }
    expect((await app.call('POST', '/v3/sales', sold, sessionOf(app, 'staff'))).status).toBe(201)
    const whole = { lines: [{ line: 1, quantity: 2, restock: true }], reason: 'wilted' }
    const over = await app.call('POST', '/v3/sales/1/refunds', whole, sessionOf(app, 'staff'))
    expect(over.status).toBe(403)
    expect((await over.json()).detail).toMatch(
      /^The refunds of this sale would come to 12\.00, over Anna's refund limit of 10\.00; a manager or the owner can give it/
    )
    expect(app.store.ledger.refunds).toEqual([])
    expect((await app.call('POST', '/v3/sales/1/refunds', REFUND, sessionOf(app, 'staff'))).status).toBe(201)
    expect((await app.call('POST', '/v3/sales/1/refunds', REFUND, sessionOf(app, 'manager'))).status).toBe(201)
  })

  it("a staff member's refunds of one sale count together: refunding pot by pot stops at the limit", async () => {
    const app = await createStaffedApp()
    await app.store.add({ name: 'Fern', status: 'available', tags: [], price: 4, quantity: 5 }, CLI_ACTOR)
    const sold = { lines: [{ plantId: 1, quantity: 5 }], payments: [{ method: 'cash', amount: 2000 }] }
    expect((await app.call('POST', '/v3/sales', sold, sessionOf(app, 'manager'))).status).toBe(201)
    const onePot = { lines: [{ line: 1, quantity: 1, restock: true }], reason: 'split' }
    const anna = sessionOf(app, 'staff')
    for (let pot = 1; pot <= 2; pot++) expect((await app.call('POST', '/v3/sales/1/refunds', onePot, anna)).status).toBe(201) // 8.00
    const third = await app.call('POST', '/v3/sales/1/refunds', onePot, anna) // 12.00 in all
    expect(third.status).toBe(403)
    expect((await third.json()).detail).toMatch(/^The refunds of this sale would come to 12\.00, over Anna's refund limit of 10\.00/)
    expect(app.store.ledger.refunds).toHaveLength(2)
  })

  it('a staff member refunds up to their limit, and no more', async () => {
    const app = await createStaffedApp()
    await app.store.add({ name: 'Fern', status: 'available', tags: [], price: 4, quantity: 3 }, CLI_ACTOR)
    const anna = sessionOf(app, 'staff')
    expect((await app.call('POST', '/v3/plant/1/stock', { change: 2, reason: 'returned' }, anna)).status).toBe(200) // 8.00
    const over = await app.call('POST', '/v3/plant/1/stock', { change: 3, reason: 'returned' }, anna) // 12.00
    expect(over.status).toBe(403)
    expect((await over.json()).detail).toMatch(/^A refund of 12\.00, over Anna's refund limit of 10\.00/)
    expect((await app.call('POST', '/v3/plant/1/stock', { change: 3, reason: 'returned' }, sessionOf(app, 'manager'))).status).toBe(200)
  })
})

describe('the member at the till in the change log (extension)', () => {
  it('names the member on every kind of change: add, edit, stock movement, bulk change, delete, restore, import', async () => {
    const app = await createStaffedApp()
    const max = sessionOf(app, 'manager')
    await app.call('POST', '/v3/plant', { name: 'Fern', price: 4 }, max)
    await app.call('PUT', '/v3/plant', { id: 1, price: 5 }, max)
    await app.call('POST', '/v3/plant/1/stock', { change: 3, reason: 'received' }, max)
    await app.call('POST', '/v3/plant/bulk', { ids: [1], changes: { tags: ['shade'] } }, max)
    await app.call('DELETE', '/v3/plant/1', undefined, max)
    await app.call('POST', '/v3/plant/1/restore', undefined, max)
    const imported = await app.call('POST', '/v3/import', [{ name: 'Moss' }], max)
    expect(imported.status).toBe(200)
    const anna = sessionOf(app, 'staff')
    await app.call('POST', '/v3/plant/1/stock', { change: -1, reason: 'sold' }, anna)
    const sale = await app.call('POST', '/v3/sales', { lines: [{ plantId: 1, quantity: 1 }], payments: [{ method: 'card', amount: 500 }] }, anna)
    expect(await sale.json()).toMatchObject({ receipt: 1, till: 'ui', staff: 'Anna' })
    expect(await (await app.call('GET', '/v3/sales/1/receipt')).text()).toContain('· Till · served by Anna</p>')
    const refund = await app.call('POST', '/v3/sales/1/refunds', REFUND, anna)
    expect(await refund.json()).toMatchObject({ refund: 1, till: 'ui', staff: 'Anna' })
    const day = await app.call('POST', '/v3/days/current/close', { counted: 0 }, max)
    expect(await day.json()).toMatchObject({ day: 1, staff: 'Max', report: { staff: [{ staff: 'Anna', sales: 1, refunds: 1, net: 0 }] } })
    const { changes } = await (await app.call('GET', '/v3/changes?since=0')).json()
    expect(
      changes.map((change: { type: string; by: string; via?: string; staff?: string }) => [change.type, change.via ?? change.by, change.staff])
    ).toEqual([
      ['plant.added', 'ui', 'Max'],
      ['plant.updated', 'ui', 'Max'],
      ['plant.updated', 'ui', 'Max'],
      ['plant.updated', 'ui', 'Max'],
      ['plant.deleted', 'ui', 'Max'],
      ['plant.restored', 'ui', 'Max'],
      ['plant.added', 'import', 'Max'], // by the owner's window (ui), via an import
      ['plant.updated', 'ui', 'Anna'],
      ['plant.updated', 'ui', 'Anna'], // the sale's stock movement
      ['plant.updated', 'ui', 'Anna'] // the refund's restock
    ])
  })

  it('names no member without staff, as before', async () => {
    const app = await createTestApp()
    await app.call('POST', '/v3/plant', { name: 'Fern' })
    const { changes } = await (await app.call('GET', '/v3/changes?since=0')).json()
    expect(changes[0]).not.toHaveProperty('staff')
  })
})
