/**
 * GET /v3/server-proof (extension, no token): the server proves it knows a page's token before the page sends it
 * (src-shared/server-proof.ts says why and how). The Host it proves for is the one the request was checked to be
 * addressed by (this server's own name and port), never one the caller chooses otherwise.
 */
import type { H3, H3Event } from 'h3'
import { PROOF_PARAMETER, SERVER_PROOF_PATH, type ServerProof } from '#shared/server-proof'
import type { AccessPolicy } from '#server/security/access-policy'
import { problem } from '#server/problems/problems'
import { HOST_CHECK_RESPONSE, extension, json, problemResponse } from '#server/openapi/parts'
import { defineOperation, defineResource, registerResource } from '#server/routes/operation'

function hexParameter(event: H3Event, name: string): string {
  const value = event.url.searchParams.get(name) ?? ''
  if (!PROOF_PARAMETER.test(value))
    throw problem('invalidQuery', [{ field: name, message: `must be 32 hex digits (0-9, a-f); got ${JSON.stringify(value.slice(0, 40))}` }])
  return value
}

const serverProofDoc = extension({
  operationId: 'server-proof',
  summary: 'Proof that this server knows a token, asked for without it (extension)',
  description:
    'Not part of the contract; needs no token. A page that lost its connection asks this before it sends its token ' +
    'again, so that another program now listening on the port never receives it. `proof` is the hex HMAC-SHA256, keyed ' +
    "with the token's SHA-256, of `plant-store server proof`, the Host header (lower case) and `nonce`, one per line; " +
    "`key` names the token as the first 32 hex digits of the SHA-256 of `plant-store key id`, a line break and the key's hex. " +
    'null when no token in force has that key id (rotated or revoked).',
  security: [],
  parameters: [
    {
      name: 'nonce',
      in: 'query',
      required: true,
      description: 'A fresh random value, 32 hex digits.',
      schema: { type: 'string', pattern: '^[0-9a-f]{32}$' }
    },
    { name: 'key', in: 'query', required: true, description: 'The key id, 32 hex digits.', schema: { type: 'string', pattern: '^[0-9a-f]{32}$' } }
  ],
  responses: {
    '200': {
      description: 'The proof.',
      content: json({ type: 'object', required: ['proof'], properties: { proof: { type: ['string', 'null'] } } })
    },
    '400': problemResponse('nonce or key is not 32 hex digits.'),
    '403': HOST_CHECK_RESPONSE
  }
})

/** GET /v3/server-proof, answered with the app's access policy's keys. */
export const serverProofResource = defineResource({
  context: ({ access }: { access: AccessPolicy }) => access,
  operations: [
    defineOperation<AccessPolicy>({
      method: 'GET',
      path: SERVER_PROOF_PATH,
      openapi: serverProofDoc,
      async handler(event, access): Promise<ServerProof> {
        const nonce = hexParameter(event, 'nonce')
        const key = hexParameter(event, 'key')
        event.res.headers.set('cache-control', 'no-store')
        return { proof: await access.proveKnowing(key, event.req.headers.get('host')!, nonce) }
      }
    })
  ]
})

/** Registers GET /v3/server-proof, answered with `access`'s keys (the first-run and till apps' own). */
export function registerServerProofRoutes(app: H3, access: AccessPolicy): void {
  registerResource(app, serverProofResource, { access })
}
