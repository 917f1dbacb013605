/**
 * The routes' tables are derived from one declaration per operation (server/routes/operation.ts): these tests hold
 * the derivations to the declarations, and each write to a staff rule.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { PROBLEM_TYPES } from '#shared/problem'
import { STAFF_ACTIONS } from '#shared/staff'
import { openStaffAccess } from '#auth/staff/staff-access'
import { createApp } from '#server/create-app'
import { AccessPolicy } from '#server/security/access-policy'
import { ShopStore } from '#store/shop-store'
import { writeTestStaff } from '#setup/staff'
import { makeTempDir } from '#setup/temp-dir'
import { operationsOf } from '#server/routes/operation'
import { ALLOWED_METHODS, RESOURCES, WRITE_ROUTE_ACTIONS } from '#server/routes/resources'
import { PLANT_PATH_ALLOW } from '#server/routes/plants/problems'
import { createOpenApiDocument } from '#server/openapi/openapi'
import { API_PATHS } from '#shared/api-paths'
import { SettingsOwner } from '#settings/settings-owner'

const operations = operationsOf(RESOURCES)
const writes = operations.filter((operation) => operation.method !== 'GET')

describe('operation declarations', () => {
  it('allow every declared method on its path, HEAD beside a GET that answers or lists it, and nothing else', () => {
    const expected: Record<string, string[]> = {}
    for (const operation of operations) {
      const methods = (expected[operation.path] ??= [])
      methods.push(operation.method)
      if (operation.method === 'GET' && operation.head !== undefined) methods.push('HEAD')
    }
    expect(Object.keys(ALLOWED_METHODS).sort()).toEqual(Object.keys(expected).sort())
    for (const [path, methods] of Object.entries(expected)) expect([...ALLOWED_METHODS[path]!].sort(), path).toEqual(methods.sort())
  })

  it('name the staff rule of every write, and only of writes', () => {
    for (const operation of writes) {
      const rule = WRITE_ROUTE_ACTIONS[`${operation.method} ${operation.path}`]
      expect(rule, `${operation.method} ${operation.path}`).toBeDefined()
      expect(['decided-by-body', 'sign-in', ...STAFF_ACTIONS]).toContain(rule)
    }
    expect(Object.keys(WRITE_ROUTE_ACTIONS)).toHaveLength(writes.length)
  })

  it('declare each method of a path once, and document each operation under its path and method', () => {
    const keys = operations.map((operation) => `${operation.method} ${operation.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    const paths = createOpenApiDocument().paths as Record<string, Record<string, unknown>>
    for (const operation of operations) expect(paths[operation.path]?.[operation.method.toLowerCase()]).toBe(operation.openapi)
  })

  it('publish the body rule an operation declares as its request body', () => {
    for (const operation of operations.filter((item) => item.body !== undefined)) {
      const requestBody = operation.openapi.requestBody as { content: Record<string, { schema: unknown }> } | undefined
      expect(requestBody?.content['application/json']?.schema, operation.openapi.operationId as string).toEqual(operation.body!.schema)
    }
  })

  it("word the 405 of add-plant's invalid input with /v3/plant's methods", () => {
    expect(PLANT_PATH_ALLOW).toBe(ALLOWED_METHODS[API_PATHS.plant]!.join(', '))
  })
})

describe("an app not given a resource's dependency (here the named tokens)", () => {
  const TOKEN = 'operation-test-token-0123456789abcdefghij'

  /** An app over a fresh store whose staff are set up, without named tokens; `call` sends the owner's token. */
  async function appWithoutTokens() {
    const dir = await makeTempDir()
    await writeTestStaff(dir)
    const store = await ShopStore.open({ dir })
    onTestFinished(() => store.close())
    const access = new AccessPolicy({ token: () => TOKEN })
    access.listeningOn(7420)
    const app = createApp({ store, settings: new SettingsOwner(dir), access, staff: await openStaffAccess(dir) })
    const headers = { host: '127.0.0.1:7420', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
    return (method: string, path: string, extra: Record<string, string> = {}) =>
      app.request(`http://127.0.0.1:7420/v3${path}`, { method, headers: { ...headers, ...extra }, ...(method === 'GET' ? {} : { body: '{}' }) })
  }

  it("answers the resource's paths 405, with the methods they would allow", async () => {
    const call = await appWithoutTokens()
    const answer = await call('GET', '/tokens', { 'x-plant-store-client': 'cli' })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST')
  })

  it('holds a write there to the staff rule it declares, before its 405', async () => {
    const call = await appWithoutTokens()
    const fromUi = await call('POST', '/tokens')
    expect(fromUi.status).toBe(403)
    expect(((await fromUi.json()) as { type: string }).type).toBe(PROBLEM_TYPES.staffSessionNeeded)
    expect((await call('POST', '/tokens', { 'x-plant-store-client': 'cli' })).status).toBe(405)
  })
})
