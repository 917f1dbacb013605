import { describe, expect, it, vi } from 'vitest'
import { createApiClient, type ApiError } from '#shared/api-client'
import { PROBLEM_TYPES } from '#shared/problem'

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } })

describe('the client and the member at the till', () => {
  it('sends the session after signing in, with every request, until signed out', async () => {
    const sent: { method: string; url: string; staff: string | null }[] = []
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: init.method!, url, staff: new Headers(init.headers).get('x-plant-store-staff') })
      if (url.endsWith('/staff/sessions') && init.method === 'POST') {
        return json(201, { session: 'secret-session', member: { id: 3, name: 'Anna', role: 'staff', locked: false }, lockAfterMinutes: 5 })
      }
      return init.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, [])
    })
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1/v3', token: 't', fetch })
    await client.searchByStatus()
    await client.signInStaff(3, '4711')
    await client.searchByStatus()
    await client.signOutStaff()
    await client.searchByStatus()
    expect(sent.map((request) => [request.method, request.url.replace('http://127.0.0.1:1/v3', ''), request.staff])).toEqual([
      ['GET', '/plant/search/status', null],
      ['POST', '/staff/sessions', null],
      ['GET', '/plant/search/status', 'secret-session'],
      ['DELETE', '/staff/sessions', 'secret-session'],
      ['GET', '/plant/search/status', null]
    ])
  })

  it('tells onRefused of a refusal before throwing it (the UI locks the till when the session ended)', async () => {
    const problem = { type: PROBLEM_TYPES.staffSessionNeeded, title: 'Who is selling?', status: 403, detail: 'The staff session ended' }
    const refused: ApiError[] = []
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:1/v3',
      fetch: async () => json(403, problem, 'application/problem+json'),
      onRefused: (error) => refused.push(error)
    })
    await expect(client.updatePlant({ id: 1, name: 'Fern' })).rejects.toMatchObject({ status: 403 })
    expect(refused.map((error) => error.type)).toEqual([PROBLEM_TYPES.staffSessionNeeded])
  })
})
