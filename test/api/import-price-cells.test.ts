/** Issue 15: a CSV price cell that is no plain decimal (a German spreadsheet's "19,99") is refused with a message about the cell, not about JSON quotes. */
import { describe, expect, it } from 'vitest'
import { createTestApp } from '#setup/in-process'

describe('POST /v3/import: price cells', () => {
  it('names the cell and asks for a dot when a price is written with a decimal comma', async () => {
    const { call, store } = await createTestApp()
    const csv = 'name,status,price\nFern,available,"19,99"\n'
    const response = await call('POST', '/v3/import?dryRun=true', csv, { 'content-type': 'text/csv' })
    expect(response.status).toBe(200)
    const { errors } = await response.json()
    expect(errors).toEqual([{ row: 2, field: 'price', message: expect.stringContaining('with a dot for the decimals') }])
    expect(errors[0].message).toContain('got "19,99"')
    expect(store.size).toBe(0)
  })
})
