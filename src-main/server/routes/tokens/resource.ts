/**
 * The owner's named tokens (extension, for the staff UI's Settings dialog):
 * list, make and revoke. Only the owner's token may use these routes; the
 * secret of a new token is in the answer that makes it, and never again.
 */
import { EXTENSION_PATHS } from '#shared/api-paths'
import { componentsOf, validate } from '#shared/body-rules'
import { NEW_TOKEN_BODY, TOKEN_NAME_MAX, TOKEN_SCOPES, type CreatedToken, type NamedTokenInfo, type TokenScope } from '#shared/named-token'
import { nameParam } from '#server/http/path-params'
import { readJsonBody } from '#server/http/read-json-body'
import { JSON_BODY_RESPONSES, extensionOperation, json, jsonBody, ownerOnlyResponse, problemResponse, ref } from '#server/openapi/parts'
import { problem } from '#server/problems/problems'
import { requireOwner } from '#server/security/security'
import { defineOperation, defineResource } from '#server/routes/operation'

/** What the routes need of the named tokens (NamedTokenRegistry). */
export interface NamedTokenAdmin {
  list(): Promise<NamedTokenInfo[]>
  /** Makes a token; undefined when the name is taken. */
  add(name: string, scope: TokenScope): Promise<CreatedToken | undefined>
  /** False when there is no token of that name. */
  revoke(name: string): Promise<boolean>
}

/** The name and scope of a POST body: `{name, scope?}`, scope read-write when absent (null is refused). */
function readNewToken(body: unknown): { name: string; scope: TokenScope } {
  const checked = validate(NEW_TOKEN_BODY, body)
  if (!checked.ok) throw problem('tokenNotMade', checked.errors)
  return { name: checked.value.name, scope: checked.value.scope ?? 'read-write' }
}

const OWNER_ONLY = ownerOnlyResponse("Only the owner's token may manage tokens (a named token gets 403).")

const listTokensDoc = extensionOperation({
  operationId: 'list-tokens',
  summary: 'The named tokens, without their secrets (extension; owner only)',
  responses: { '200': { description: 'The named tokens.', content: json({ type: 'array', items: ref('NamedToken') }) }, '403': OWNER_ONLY }
})

const addTokenDoc = extensionOperation({
  operationId: 'add-token',
  summary: 'Make a named token (extension; owner only); its secret is in this answer only',
  requestBody: jsonBody(NEW_TOKEN_BODY),
  responses: {
    '201': {
      description: 'The token, with its secret.',
      content: json({ allOf: [ref('NamedToken'), { type: 'object', required: ['token'], properties: { token: { type: 'string' } } }] })
    },
    '400': problemResponse(
      'The name is not valid (letters, digits, . _ -; not "owner", "ui", "cli" or "import"), or the scope is neither of the two (null included).'
    ),
    '403': OWNER_ONLY,
    '409': problemResponse('A token of that name exists already.'),
    ...JSON_BODY_RESPONSES
  }
})

const revokeTokenDoc = extensionOperation({
  operationId: 'revoke-token',
  summary: 'Revoke a named token at once (extension; owner only)',
  parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }],
  responses: { '204': { description: 'Revoked.' }, '403': OWNER_ONLY, '404': problemResponse('No token has this name.') }
})

/** A named token as listed, and the body that makes one. */
export const tokenSchemas = {
  ...componentsOf(NEW_TOKEN_BODY),
  NamedToken: {
    type: 'object',
    required: ['name', 'scope', 'createdAt'],
    properties: {
      name: { type: 'string', maxLength: TOKEN_NAME_MAX },
      scope: { type: 'string', enum: [...TOKEN_SCOPES] },
      createdAt: { type: 'string', format: 'date-time' },
      lastUsedAt: { type: 'string', format: 'date-time' },
      kind: { type: 'string', enum: ['till'], description: "A paired till's token (see POST /v3/pair); absent for a script's." }
    }
  }
}

/** The owner's named tokens, when the app is given them. */
export const tokensResource = defineResource({
  context: ({ tokens }: { tokens?: NamedTokenAdmin }) => tokens,
  schemas: tokenSchemas,
  operations: [
    defineOperation<NamedTokenAdmin>({
      method: 'GET',
      path: EXTENSION_PATHS.tokens,
      head: 'answers',
      openapi: listTokensDoc,
      handler(event, tokens) {
        requireOwner(event)
        return tokens.list()
      }
    }),
    defineOperation<NamedTokenAdmin>({
      method: 'POST',
      path: EXTENSION_PATHS.tokens,
      staff: 'tokens',
      body: NEW_TOKEN_BODY,
      openapi: addTokenDoc,
      async handler(event, tokens) {
        requireOwner(event)
        const { name, scope } = readNewToken(await readJsonBody(event, 400))
        const created = await tokens.add(name, scope)
        if (!created) throw problem('tokenNameTaken', `there is a token named "${name}" already; revoke it first or choose another name`)
        event.res.status = 201
        return created
      }
    }),
    defineOperation<NamedTokenAdmin>({
      method: 'DELETE',
      path: EXTENSION_PATHS.tokenByName,
      staff: 'tokens',
      openapi: revokeTokenDoc,
      async handler(event, tokens) {
        requireOwner(event)
        const name = nameParam(event)
        if (!(await tokens.revoke(name))) throw problem('tokenNotFound', name)
        event.res.status = 204
        return null
      }
    })
  ]
})
