import { describe, expect, it } from 'vitest'
import { describeSchema, escapeHtml, renderApiReference } from '#desktop/api-reference'
import { createOpenApiDocument } from '#server/openapi/openapi'

describe('the API reference page', () => {
  const html = renderApiReference(createOpenApiDocument(), 'http://127.0.0.1:7421/v3')

  it('lists every operation of the OpenAPI document with its full path and answers', () => {
    const doc = createOpenApiDocument() as { paths: Record<string, Record<string, { operationId: string }>> }
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(html).toContain(`id="op-${operation.operationId}"`)
        expect(html).toContain(`${method.toUpperCase()}</span> <code>/v3${path}</code>`)
      }
    }
    expect(html).toContain('<b>405</b>')
    expect(html).toContain('Invalid ID supplied')
  })

  it('describes the schemas with their fields and limits, and says where the API runs now', () => {
    expect(html).toContain('id="schema-Plant"')
    expect(html).toContain('<code>available</code>, <code>pending</code>, <code>sold</code>')
    expect(html).toContain('max length 200')
    expect(html).toContain('<code>http://127.0.0.1:7421/v3</code>')
  })

  it('has no script and a CSP that allows none', () => {
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`)
  })

  it('escapes text from the document', () => {
    expect(escapeHtml(`<img src=x onerror="a">&'`)).toBe('&#60;img src=x onerror=&#34;a&#34;&#62;&#38;&#39;')
    const page = renderApiReference({ info: { title: '<script>x</script>' }, paths: {} }, 'http://127.0.0.1:1/v3')
    expect(page).not.toContain('<script>x')
    expect(describeSchema({ type: 'array', items: { $ref: '#/components/schemas/Plant/properties/name' } })).toBe(
      'array of <a href="#schema-Plant">Plant.name</a>'
    )
  })
})
