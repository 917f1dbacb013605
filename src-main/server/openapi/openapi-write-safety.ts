/**
 * Documents the extensions that make writes safe for scripts: ETag and
 * If-Match (optimistic concurrency, RFC 9110), Idempotency-Key on adds (IETF
 * httpapi draft), the plant's `version`, and the named tokens' routes. Each
 * addition to a contract operation is marked `x-extension: true`: a client
 * that sends none of these headers sees the contract unchanged.
 */
import { EXTENSION_PATHS } from '#shared/api-paths'
import { TOKEN_NAME_MAX, TOKEN_SCOPES } from '#shared/named-token'
import { problemResponse, ref } from './openapi-parts'
import { IDEMPOTENCY_KEY_MAX } from '#server/http/idempotency-key'

type Schema = Record<string, unknown>
type Operation = { parameters?: unknown[]; responses: Record<string, Schema> }
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }

const extension = <T extends Schema>(object: T) => ({ ...object, 'x-extension': true })

const ETAG_HEADER = extension({
  description: 'The plant\'s entity tag, "ID-VERSION" (e.g. "7-3"); send it back as If-Match to change the plant only if nobody changed it since.',
  schema: { type: 'string', example: '"7-3"' }
})

const IF_MATCH = extension({
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'Change the plant only if it is still at this version: its ETag ("7-3"), or "ID-VERSION" built from a list\'s version field; ' +
    'several may be listed, * means any version. Without it the last write wins, as the contract says.',
  schema: { type: 'string' }
})

const IDEMPOTENCY_KEY = extension({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A new random key (e.g. a UUID) per plant to add, as a quoted string. A retry with the same key and body gets the first answer again ' +
    '(same id, header Idempotent-Replayed: true) and adds nothing; keys are kept at least 24 hours, across restarts.',
  schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX + 2, example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"' }
})

function withEtag(response: Schema): Schema {
  return { ...response, headers: { ...(response.headers as Schema | undefined), ETag: ETAG_HEADER } }
}

const tokenInfo = {
  type: 'object',
  required: ['name', 'scope', 'createdAt'],
  properties: {
    name: { type: 'string', maxLength: TOKEN_NAME_MAX },
    scope: { type: 'string', enum: [...TOKEN_SCOPES] },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: 'string', format: 'date-time' }
  }
}
const OWNER_ONLY = problemResponse("Only the owner's token may manage tokens.")
const json = (schema: Schema) => ({ 'application/json': { schema } })

const tokenOperations = {
  [EXTENSION_PATHS.tokens]: {
    get: extension({
      operationId: 'list-tokens',
      summary: 'The named tokens, without their secrets (extension; owner only)',
      responses: { '200': { description: 'The named tokens.', content: json({ type: 'array', items: ref('NamedToken') }) }, '403': OWNER_ONLY }
    }),
    post: extension({
      operationId: 'add-token',
      summary: 'Make a named token (extension; owner only); its secret is in this answer only',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', maxLength: TOKEN_NAME_MAX },
            scope: { type: 'string', enum: [...TOKEN_SCOPES], default: 'read-write' }
          }
        })
      },
      responses: {
        '201': {
          description: 'The token, with its secret.',
          content: json({ allOf: [ref('NamedToken'), { type: 'object', required: ['token'], properties: { token: { type: 'string' } } }] })
        },
        '400': problemResponse('The name is not valid (letters, digits, . _ -; not "owner"), or the scope is unknown.'),
        '403': OWNER_ONLY,
        '409': problemResponse('A token of that name exists already.')
      }
    })
  },
  [EXTENSION_PATHS.tokenByName]: {
    delete: extension({
      operationId: 'revoke-token',
      summary: 'Revoke a named token at once (extension; owner only)',
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '204': { description: 'Revoked.' }, '403': OWNER_ONLY, '404': problemResponse('No token has this name.') }
    })
  }
}

/** Adds the write-safety extensions to the document's operations and schemas; returns `doc`. */
export function documentWriteSafety<T extends Document>(doc: T): T {
  const plant = doc.paths['/plant']!
  const add = plant.post!
  add.parameters = [...(add.parameters ?? []), IDEMPOTENCY_KEY]
  add.responses['200'] = withEtag({
    ...add.responses['200'],
    headers: {
      'Idempotent-Replayed': extension({
        description: '"true" when this is the answer to an earlier add with the same key.',
        schema: { type: 'string' }
      })
    }
  })
  add.responses['400'] = extension(problemResponse('The Idempotency-Key header is malformed; nothing was added.'))
  add.responses['422'] = extension(problemResponse('The Idempotency-Key was already used for a different body; nothing was added.'))
  const update = plant.put!
  update.parameters = [...(update.parameters ?? []), IF_MATCH]
  update.responses['200'] = withEtag(update.responses['200']!)
  update.responses['412'] = extension({
    ...problemResponse(
      'If-Match named another version: the plant was changed since it was read. The problem names its current version; nothing was changed.'
    ),
    headers: { ETag: ETAG_HEADER }
  })
  const get = doc.paths[EXTENSION_PATHS.plantById]!.get!
  get.responses['200'] = withEtag(get.responses['200']!)
  const full = doc.components.schemas.FullPlant as { required: string[]; properties: Schema }
  full.required = [...full.required, 'version']
  full.properties = {
    ...full.properties,
    version: { type: 'integer', minimum: 1, description: 'Bumped by every saved change; the ETag is "ID-VERSION".' }
  }
  doc.components.schemas.NamedToken = tokenInfo
  Object.assign(doc.paths, tokenOperations)
  return doc
}
