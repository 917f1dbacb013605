/**
 * Help → API reference: the OpenAPI document (the one served at
 * /v3/openapi.json) rendered as a plain HTML page, built offline in the main
 * process. No script: the page is shown with JavaScript disabled.
 */

type Json = Record<string, unknown>

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string {
  return typeof value === 'string' ? escapeHtml(value) : ''
}

/** A schema reference as a link: `#/components/schemas/Plant` → Plant; deeper pointers name the field. */
function refLink(ref: string): string {
  const parts = ref.replace(/^#\/components\/schemas\//, '').split('/')
  const name = parts[0] ?? ref
  const field = parts.at(-1)
  const label = parts.length > 1 ? `${name}.${field ?? ''}` : name
  return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(label)}</a>`
}

const CONSTRAINTS: Array<[key: string, label: string]> = [
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['maxItems', 'max items'],
  ['format', 'format'],
  ['default', 'default']
]

/** A schema in a few words: its type, enum values and limits. */
export function describeSchema(schema: unknown): string {
  if (!isObject(schema)) return 'any'
  if (typeof schema.$ref === 'string') return refLink(schema.$ref)
  let kind = Array.isArray(schema.enum)
    ? `one of ${schema.enum.map((value) => `<code>${escapeHtml(String(value))}</code>`).join(', ')}`
    : schema.type === 'array'
      ? `array of ${describeSchema(schema.items)}`
      : typeof schema.type === 'string'
        ? escapeHtml(schema.type)
        : 'any'
  const limits = CONSTRAINTS.filter(([key]) => schema[key] !== undefined).map(([key, label]) => `${label} ${escapeHtml(JSON.stringify(schema[key]))}`)
  if (limits.length > 0) kind += ` (${limits.join(', ')})`
  return kind
}

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return ''
  const th = head.map((cell) => `<th>${cell}</th>`).join('')
  return `<table><thead><tr>${th}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</tbody></table>`
}

function contentSchema(body: unknown): string {
  const content = isObject(body) && isObject(body.content) ? body.content : {}
  return Object.entries(content)
    .map(([type, media]) => `<code>${escapeHtml(type)}</code>${isObject(media) && media.schema ? `: ${describeSchema(media.schema)}` : ''}`)
    .join('<br>')
}

function renderOperation(base: string, path: string, method: string, op: Json): string {
  const id = typeof op.operationId === 'string' ? op.operationId : `${method}-${path}`
  const badge = op['x-extension'] === true ? ' <span class="badge">extension</span>' : ''
  const params = Array.isArray(op.parameters) ? op.parameters.filter(isObject) : []
  const parameterRows = params.map((p) => [
    `<code>${text(p.name)}</code>`,
    text(p.in),
    p.required === true ? 'yes' : 'no',
    describeSchema(p.schema),
    text(p.description)
  ])
  const body = isObject(op.requestBody)
    ? `<h4>Request body</h4><p>${text(op.requestBody.description)}</p><p>${contentSchema(op.requestBody)}</p>`
    : ''
  const responses = isObject(op.responses) ? Object.entries(op.responses) : []
  const responseRows = responses.map(([code, response]) => [
    `<b>${escapeHtml(code)}</b>`,
    isObject(response) ? text(response.description) : '',
    contentSchema(response)
  ])
  return `<section class="operation" id="op-${escapeHtml(id)}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(base + path)}</code>${badge}</h3>
<p class="summary">${text(op.summary)}</p><p>${text(op.description)}</p>
${params.length > 0 ? `<h4>Parameters</h4>${table(['Name', 'In', 'Required', 'Type', 'Description'], parameterRows)}` : ''}
${body}
<h4>Responses</h4>${table(['Status', 'Meaning', 'Body'], responseRows)}
</section>`
}

function renderSchema(name: string, schema: Json): string {
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : []
  const rows = properties.map(([field, value]) => [
    `<code>${escapeHtml(field)}</code>`,
    required.has(field) ? 'yes' : 'no',
    describeSchema(value),
    isObject(value) ? text(value.description) : ''
  ])
  const shape = properties.length > 0 ? table(['Field', 'Required', 'Type', 'Description'], rows) : `<p>${describeSchema(schema)}</p>`
  const closed = schema.additionalProperties === false ? '<p>Other fields are refused.</p>' : ''
  return `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><p>${text(schema.description)}</p>${shape}${closed}</section>`
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem 2rem;color:#1d2a1f;background:#fff}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #cfe0cf;padding-bottom:.2rem;margin-top:2rem}
code{font:13px ui-monospace,monospace;background:#f1f5f0;padding:0 .25rem;border-radius:3px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #d8e2d6;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f1f5f0}.operation{border-left:4px solid #5b8c5a;padding-left:1rem;margin:1.5rem 0}
.method{display:inline-block;min-width:3.5rem;text-align:center;color:#fff;background:#5b8c5a;border-radius:4px;font-size:13px;padding:0 .3rem}
.method.post{background:#2f6fa3}.method.put{background:#a36a2f}.summary{font-weight:600}
.badge{font-size:12px;background:#eee;border-radius:4px;padding:0 .3rem;font-weight:normal}.muted{color:#5b665c}`

/** The reference page for `doc` (an OpenAPI 3.1 document); `apiBaseUrl` is where this app's API runs now. */
export function renderApiReference(doc: Json, apiBaseUrl: string): string {
  const info = isObject(doc.info) ? doc.info : {}
  const base = new URL(apiBaseUrl).pathname.replace(/\/$/, '')
  const paths = isObject(doc.paths) ? Object.entries(doc.paths) : []
  const entries = paths.flatMap(([path, item]) =>
    METHODS.filter((method) => isObject(item) && isObject(item[method])).map((method) => ({ path, method, op: (item as Json)[method] as Json }))
  )
  const operations = entries.map(({ path, method, op }) => renderOperation(base, path, method, op))
  const contents = entries.map(({ path, method, op }) => {
    const id = typeof op.operationId === 'string' ? op.operationId : `${method}-${path}`
    return `<li><a href="#op-${escapeHtml(id)}"><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(base + path)}</code></a> ${text(op.summary)}</li>`
  })
  const components = isObject(doc.components) ? doc.components : {}
  const schemas = isObject(components.schemas)
    ? Object.entries(components.schemas).filter((entry): entry is [string, Json] => isObject(entry[1]))
    : []
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${text(info.title)} API reference</title><style>${STYLE}</style></head>
<body>
<h1>${text(info.title)} API reference</h1>
<p class="muted">Interface version ${text(info.version)} · running at <code>${escapeHtml(apiBaseUrl)}</code> · the same document as JSON: <code>${escapeHtml(apiBaseUrl)}/openapi.json</code></p>
<p>${text(info.description)}</p>
<p>Send <code>Authorization: Bearer TOKEN</code> with every request (File → Copy API Token, or <code>plant-store token</code> after Help → Install Command-Line Tool), and <code>Content-Type: application/json</code> with a body.</p>
<h2>Operations</h2>
<ul>${contents.join('')}</ul>
${operations.join('\n')}
<h2>Schemas</h2>
${schemas.map(([name, schema]) => renderSchema(name, schema)).join('\n')}
</body></html>
`
}
