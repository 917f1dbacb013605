/**
 * Every JSON body the server validates beyond add and update (bulk changes, bulk delete and restore, a new
 * token, the shop's currency, the backup folder) must get the same verdict from the validator the route calls
 * and from the JSON Schema the server publishes for that operation at /v3/openapi.json, read by ajv (draft
 * 2020-12, the dialect of OpenAPI 3.1). fast-check generates the bodies; a body the document accepts and the
 * server refuses (or the other way round) fails the test with that body.
 */
import Ajv2020 from 'ajv/dist/2020'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validate } from '#shared/body-rules'
import { BACKUP_FOLDER_BODY } from '#shared/import-export'
import { CONNECT_BODY } from '#shared/first-run'
import { DEALT_WITH_BODY, LAN_SETTINGS_BODY, PAIR_BODY } from '#shared/lan'
import { NEW_TOKEN_BODY, TOKEN_NAME_MAX } from '#shared/named-token'
import { BULK_MAX, BULK_UPDATE_BODY, validateBulkIds } from '#shared/plant-bulk'
import { SHOP_SETTINGS_BODY } from '#shared/shop'
import { NEW_STAFF_MEMBER_BODY, STAFF_MEMBER_CHANGES_BODY, STAFF_SETTINGS_BODY, STAFF_SIGN_IN_BODY } from '#shared/staff'
import { SALES_SETTINGS_BODY } from '#shared/tax'
import { NEW_REFUND_BODY, NEW_SALE_BODY } from '#shared/sale'
import { OFFLINE_SALES_BODY } from '#shared/offline-sales'
import { DAY_CLOSE_BODY } from '#shared/day'
import { BASKET_BODY } from '#shared/basket'
import { createTestApp } from '#setup/in-process'
import { ODD_KEYS, anyJson, id, nameLike, parsedJson, plantFields, text } from './body-arbitraries'

type Check = (body: unknown) => boolean
type Operation = { operationId: string; requestBody?: { content: Record<string, { schema: unknown }> } }

/** Each operation with a JSON request body, by operationId: its body's schema as a fresh server publishes it, compiled. */
async function publishedBodies(): Promise<Map<string, Check>> {
  const { call } = await createTestApp()
  const document = (await (await call('GET', '/v3/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> }
  const ajv = new Ajv2020({ strict: false, validateFormats: false, multipleOfPrecision: 6 })
  ajv.addSchema(document, 'openapi')
  const bodies = new Map<string, Check>()
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.requestBody?.content['application/json']) continue
      const pointer = `/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/requestBody/content/application~1json/schema`
      const compiled = ajv.getSchema(`openapi#${pointer.replaceAll('{', '%7B').replaceAll('}', '%7D')}`)
      if (!compiled) throw new Error(`cannot compile the body of ${operation.operationId}`)
      bodies.set(operation.operationId, (body) => compiled(body) === true)
    }
  }
  return bodies
}

// Ids on both sides of every bound, and lists around their bounds.
const ids = fc.oneof(
  { weight: 8, arbitrary: fc.array(id, { minLength: 0, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(BULK_MAX, BULK_MAX + 1).map((count) => Array.from({ length: count }, (_, i) => i + 1)) },
  { weight: 1, arbitrary: anyJson }
)
const change = fc.oneof(
  { weight: 8, arbitrary: fc.record({ ...plantFields, ...ODD_KEYS, id }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: anyJson }
)
const version = fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, '2', null))
const update = fc.oneof(
  { weight: 8, arbitrary: fc.record({ id, ...plantFields, version, colour: ODD_KEYS.colour }, { requiredKeys: ['id'] }) },
  { weight: 1, arbitrary: anyJson }
)
const extraKey = fc.record({ colour: ODD_KEYS.colour, ['__proto__']: ODD_KEYS.__proto__ }, { requiredKeys: [] })
const withExtra = <T extends object>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: fc.tuple(arbitrary, extraKey).map(([body, extra]) => ({ ...body, ...extra })) })
const notAnObject = fc.oneof(anyJson, fc.array(anyJson, { maxLength: 2 }))

const bulkBodies = fc.oneof(
  { weight: 6, arbitrary: withExtra(fc.record({ ids, changes: change }, { requiredKeys: [] })) },
  { weight: 6, arbitrary: withExtra(fc.record({ updates: fc.array(update, { maxLength: 4 }) }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: fc.record({ ids, changes: change, updates: fc.array(update, { maxLength: 2 }) }) },
  // The drift an independent review reproduced: a change the server refuses, which the document let pass.
  { weight: 1, arbitrary: fc.constant({ ids: [1], changes: { status: 'bogus' } }) },
  { weight: 1, arbitrary: notAnObject }
)
const bulkIdBodies = fc.oneof({ weight: 6, arbitrary: withExtra(fc.record({ ids }, { requiredKeys: [] })) }, { weight: 1, arbitrary: notAnObject })

const tokenName = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._ -]{0,6}$/),
  fc.constantFrom(
    'owner',
    'OWNER',
    'Owner',
    'owner1',
    'ui',
    'CLI',
    'import',
    'imports',
    '.till',
    'till-1',
    'till\n',
    'tïll',
    'x'.repeat(TOKEN_NAME_MAX),
    'x'.repeat(TOKEN_NAME_MAX + 1)
  ),
  anyJson
)
const tokenBodies = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        { name: tokenName, scope: fc.oneof(fc.constantFrom('read-write', 'read-only', 'admin', 'READ-ONLY', null), anyJson) },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: notAnObject }
)

const currency = fc.oneof(
  fc.constantFrom('EUR', 'GBP', 'USD', 'CHF', 'JPY', 'eur', 'Eur', 'EURO', 'EU', 'ZZZ', 'XTS', ' EUR', 'EUR '),
  fc.stringMatching(/^[A-Z]{3}$/),
  anyJson
)
const timeZone = fc.oneof(
  fc.constantFrom('Europe/Berlin', 'America/New_York', 'UTC', 'utc', 'europe/berlin', 'US/Eastern', 'Etc/UTC', 'Berlin', ' Europe/Berlin', ''),
  anyJson
)
const shopBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ currency, timeZone, locale: fc.constantFrom('de-DE', 'x') }, { requiredKeys: [] })) },
  // The other drift the review reproduced: lower case, which the document let pass.
  { weight: 1, arbitrary: fc.constant({ currency: 'eur' }) },
  // A change that names nothing: refused by both.
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: notAnObject }
)

const folder = fc.oneof(fc.constantFrom('/media/stick', '', 'relative/path', null), anyJson)
const backupBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ dir: folder }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)

const pin = fc.oneof(fc.stringMatching(/^\d{3,9}$/), fc.constantFrom('0000', '12345678', '123a', ' 1234', '١٢٣٤', 1234), anyJson)
const role = fc.oneof(fc.constantFrom('owner', 'manager', 'staff', 'Owner', 'admin', ''), anyJson)
const wholeNumber = (max: number) => fc.oneof(fc.integer({ min: -1, max }), fc.constantFrom(max + 1, 1.5, '5', null, 2 ** 53))
const memberFields = { name: nameLike, role, pin, refundLimitCents: wholeNumber(100_000_000) }
const newMemberBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record(memberFields, { requiredKeys: ['name', 'role', 'pin'] })) },
  { weight: 2, arbitrary: withExtra(fc.record(memberFields, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const memberChangeBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record(memberFields, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const lockBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ lockAfterMinutes: wholeNumber(241) }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const signInBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ member: fc.oneof(id, wholeNumber(5)), pin }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)

const address = fc.oneof(
  fc.constantFrom('192.168.1.20', '127.0.0.1', '0.0.0.0', '::', '::1', 'fe80::1', '[::1]', '256.1.1.1', '1.2.3', ' 10.0.0.1', 'shop.local', ''),
  fc.ipV4(),
  fc.ipV6(),
  anyJson
)
const port = fc.oneof(fc.constantFrom(0, 1, 7421, 65535, 65536, 1.5, '7421', null), anyJson)
const lanBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ address, port }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const code = fc.oneof(fc.constantFrom('1234-5678', '', ' ', 'x'.repeat(40), 'x'.repeat(41)), anyJson)
const pairBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ code, till: tokenName }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const dealtWithBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ key: fc.oneof(fc.string({ maxLength: 310 }), fc.constant('')) }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const FINGERPRINT = 'AB:'.repeat(31) + 'AB'
const fingerprint = fc.oneof(
  fc.constantFrom(
    FINGERPRINT,
    FINGERPRINT.replaceAll(':', ''),
    FINGERPRINT.toLowerCase(),
    FINGERPRINT.slice(3),
    `${FINGERPRINT}:AB`,
    `sha256:${FINGERPRINT}`,
    FINGERPRINT.replaceAll(':', ' '),
    'AB::'.repeat(31) + 'AB'
  ),
  anyJson
)
const tillAddress = fc.oneof(
  fc.constantFrom('https://192.168.1.20:7421', 'HTTPS://10.0.0.2', 'http://192.168.1.20:7421', 'https:/x', '', 'ftp://x'),
  anyJson
)
const connectBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ address: tillAddress, code, fingerprint, till: tokenName }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)

const taxRate = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          id: fc.oneof(fc.constantFrom('reduced', 'standard-19', 'Reduced', '', '-x', 'x'.repeat(41)), anyJson),
          name: fc.oneof(fc.constantFrom('Plants 7%', '', ' '), anyJson),
          percent: fc.oneof(fc.constantFrom(0, 7, 7.7, 7.75, 7.775, 100, 100.01, -1, '7'), anyJson)
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: anyJson }
)
const salesSettingsBodies = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          pricesIncludeTax: fc.oneof(fc.boolean(), anyJson),
          taxRates: fc.oneof(fc.array(taxRate, { maxLength: 3 }), anyJson),
          defaultTaxRate: fc.oneof(fc.constantFrom('reduced', 'Bad id'), anyJson),
          categoryTaxRates: fc.oneof(fc.constantFrom({ Herbs: 'reduced' }, { Herbs: 'Bad id' }, { Herbs: 7 }, {}), anyJson),
          shopName: fc.oneof(fc.constantFrom('The Green Shed', ''), anyJson),
          vatNumber: fc.oneof(fc.constantFrom('GB123456789'), anyJson),
          shopAddress: fc.oneof(
            fc.constantFrom('1 Mill Lane\nBristol', ' a \r\n\n b ', '\n', 'a\u0007b', '\u200b', 'a\n\u200b', '1\n2\n3\n4\n5\n6\n7'),
            anyJson
          ),
          receiptFooter: fc.oneof(fc.constantFrom('Thanks!', 'x'.repeat(400), 'x'.repeat(401), 'a\u2028b', '\n\nThanks\n\n'), fc.string(), anyJson)
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: notAnObject }
)

const minor = fc.oneof(fc.constantFrom(0, 1, 450, 1_000_000_000, 1_000_000_001, -1, 4.5, '450'), anyJson)
const discount = fc.oneof(
  {
    weight: 6,
    arbitrary: withExtra(fc.record({ amount: minor, reason: fc.oneof(fc.constantFrom('regular customer', ''), anyJson) }, { requiredKeys: [] }))
  },
  { weight: 1, arbitrary: anyJson }
)
const saleLine = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          plantId: fc.oneof(id, anyJson),
          quantity: fc.oneof(fc.constantFrom(1, 2, 0, -1, 1.5, 1_000_000, 1_000_001), anyJson),
          unitPrice: minor,
          priceReason: fc.oneof(fc.constantFrom('price match', ''), anyJson),
          discount
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: anyJson }
)
const payment = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        { method: fc.oneof(fc.constantFrom('cash', 'card', 'other', 'CASH', 'cheque'), anyJson), amount: minor, given: minor },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: anyJson }
)
const saleBodies = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          lines: fc.oneof(fc.array(saleLine, { maxLength: 3 }), anyJson),
          discount,
          payments: fc.oneof(fc.array(payment, { maxLength: 3 }), anyJson)
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: notAnObject }
)

/** Keys and times around their rules: quotes, spaces only, 255 and 256 characters, a local time, a month 13. */
const offlineKey = fc.oneof(
  fc.constantFrom('8e03978e-40d5-43e8-bc93-6894a57f9324', '"quoted"', ' ', '   ', '', 'a'.repeat(255), 'a'.repeat(256), 'tab\there', 'é'),
  text(300),
  anyJson
)
const madeAt = fc.oneof(
  fc.constantFrom(
    '2026-11-28T09:30:00.000Z',
    '2026-11-28T09:30:00Z',
    '2026-11-28T09:30:00.1234Z',
    '2026-13-28T09:30:00Z',
    '2026-11-28T09:30:00+01:00',
    ''
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  anyJson
)
const offlineSale = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ key: offlineKey, madeAt, sale: saleBodies }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)
const offlineSalesBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ sales: fc.oneof(fc.array(offlineSale, { maxLength: 3 }), anyJson) }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)

const refundLine = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          line: fc.oneof(fc.constantFrom(1, 2, 0, 200, 201, 1.5), anyJson),
          quantity: fc.oneof(fc.constantFrom(1, 0, 1_000_001), anyJson),
          restock: fc.oneof(fc.boolean(), anyJson)
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: anyJson }
)
const refundBodies = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          lines: fc.oneof(fc.array(refundLine, { maxLength: 3 }), anyJson),
          reason: fc.oneof(fc.constantFrom('died', ''), anyJson),
          payments: fc.oneof(fc.array(payment, { maxLength: 2 }), anyJson)
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: notAnObject }
)

const basketLine = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          plantId: fc.oneof(id, anyJson),
          name: fc.oneof(fc.constantFrom('Fern', '', ' '), anyJson),
          single: fc.oneof(fc.boolean(), anyJson),
          quantity: fc.oneof(fc.constantFrom(1, 2, 0, 1.5, 1_000_001), anyJson),
          price: minor,
          category: fc.oneof(fc.constantFrom('Herbs', ''), anyJson),
          unitPrice: minor,
          priceReason: fc.oneof(fc.constantFrom('price match', ''), anyJson),
          discount
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: anyJson }
)
const basketBodies = fc.oneof(
  {
    weight: 8,
    arbitrary: withExtra(
      fc.record(
        {
          idempotencyKey: fc.oneof(fc.constantFrom('2b7c-4e', '', 'has space', 'k'.repeat(201)), anyJson),
          lines: fc.oneof(fc.array(basketLine, { maxLength: 3 }), anyJson),
          discount
        },
        { requiredKeys: [] }
      )
    )
  },
  { weight: 1, arbitrary: notAnObject }
)

const closeBodies = fc.oneof(
  { weight: 8, arbitrary: withExtra(fc.record({ counted: minor, nextFloat: minor }, { requiredKeys: [] })) },
  { weight: 1, arbitrary: notAnObject }
)

/** Every extension body, with its generator and the validator its route calls. */
const OPERATIONS: { operationId: string; bodies: fc.Arbitrary<unknown>; serverAccepts: Check }[] = [
  // One rule of the route is beyond JSON Schema (each plant in one item of updates; the schema's description says it): bulk.test.ts.
  { operationId: 'bulk-update-plants', bodies: bulkBodies, serverAccepts: (body) => validate(BULK_UPDATE_BODY, body).ok },
  { operationId: 'bulk-delete-plants', bodies: bulkIdBodies, serverAccepts: (body) => validateBulkIds(body).ok },
  { operationId: 'bulk-restore-plants', bodies: bulkIdBodies, serverAccepts: (body) => validateBulkIds(body).ok },
  { operationId: 'add-token', bodies: tokenBodies, serverAccepts: (body) => validate(NEW_TOKEN_BODY, body).ok },
  { operationId: 'set-shop-settings', bodies: shopBodies, serverAccepts: (body) => validate(SHOP_SETTINGS_BODY, body).ok },
  { operationId: 'set-backup-folder', bodies: backupBodies, serverAccepts: (body) => validate(BACKUP_FOLDER_BODY, body).ok },
  { operationId: 'add-staff-member', bodies: newMemberBodies, serverAccepts: (body) => validate(NEW_STAFF_MEMBER_BODY, body).ok },
  { operationId: 'change-staff-member', bodies: memberChangeBodies, serverAccepts: (body) => validate(STAFF_MEMBER_CHANGES_BODY, body).ok },
  { operationId: 'set-staff-lock-time', bodies: lockBodies, serverAccepts: (body) => validate(STAFF_SETTINGS_BODY, body).ok },
  { operationId: 'start-staff-session', bodies: signInBodies, serverAccepts: (body) => validate(STAFF_SIGN_IN_BODY, body).ok },
  { operationId: 'set-sales-settings', bodies: salesSettingsBodies, serverAccepts: (body) => validate(SALES_SETTINGS_BODY, body).ok },
  { operationId: 'complete-sale', bodies: saleBodies, serverAccepts: (body) => validate(NEW_SALE_BODY, body).ok },
  { operationId: 'complete-offline-sales', bodies: offlineSalesBodies, serverAccepts: (body) => validate(OFFLINE_SALES_BODY, body).ok },
  { operationId: 'refund-sale', bodies: refundBodies, serverAccepts: (body) => validate(NEW_REFUND_BODY, body).ok },
  { operationId: 'close-day', bodies: closeBodies, serverAccepts: (body) => validate(DAY_CLOSE_BODY, body).ok },
  { operationId: 'put-basket', bodies: basketBodies, serverAccepts: (body) => validate(BASKET_BODY, body).ok },
  { operationId: 'set-lan-settings', bodies: lanBodies, serverAccepts: (body) => validate(LAN_SETTINGS_BODY, body).ok },
  { operationId: 'pair-till', bodies: pairBodies, serverAccepts: (body) => validate(PAIR_BODY, body).ok },
  { operationId: 'refused-sale-dealt-with', bodies: dealtWithBodies, serverAccepts: (body) => validate(DEALT_WITH_BODY, body).ok },
  { operationId: 'connect-to-main-computer', bodies: connectBodies, serverAccepts: (body) => validate(CONNECT_BODY, body).ok }
]

/** add-plant, update-plant and the two stock movements have their own agreement tests (schema-agreement.test.ts); import takes a file, not a body to validate. */
const COVERED_ELSEWHERE = ['add-plant', 'update-plant', 'import-plants', 'move-plant-stock', 'move-bulk-stock']

const RUNS = 1500

describe('the validators and the published JSON Schema of every extension body', () => {
  it('cover every operation that takes a JSON body', async () => {
    const published = [...(await publishedBodies()).keys()].filter((operationId) => !COVERED_ELSEWHERE.includes(operationId))
    expect(published.sort()).toEqual(OPERATIONS.map((operation) => operation.operationId).sort())
  })

  it.each(OPERATIONS)('give every $operationId body the same verdict', async ({ operationId, bodies, serverAccepts }) => {
    const schemaAccepts = (await publishedBodies()).get(operationId)!
    fc.assert(
      fc.property(parsedJson(bodies), (body) => {
        expect(schemaAccepts(body), JSON.stringify(body)?.slice(0, 300)).toBe(serverAccepts(body))
      }),
      { numRuns: RUNS }
    )
  })

  it.each([
    ['bulk-update-plants', { ids: [1], changes: { status: 'bogus' } }],
    ['bulk-update-plants', { ids: [1], changes: { id: 2 } }],
    ['bulk-update-plants', { updates: [{ id: 1, version: 2 ** 53 }] }],
    ['set-shop-settings', { currency: 'eur' }],
    ['set-shop-settings', {}],
    ['add-token', { name: 'Owner' }],
    ['add-token', { name: 'Import' }],
    ['add-token', { name: 'till-9', scope: null }],
    ['add-token', { name: 'has space' }]
  ])('both refuse %s %j', async (operationId, body) => {
    const schemaAccepts = (await publishedBodies()).get(operationId)!
    const serverAccepts = OPERATIONS.find((operation) => operation.operationId === operationId)!.serverAccepts
    expect([schemaAccepts(body), serverAccepts(body)]).toEqual([false, false])
  })
})
