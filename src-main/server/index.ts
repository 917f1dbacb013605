/**
 * The server's public surface: what the other layers (app, till, cli, desktop) may use of it. They import `#server`
 * only, never a file inside server/ (`npm run lint:deps` says so); what is not here is the server's own business.
 */
// The apps and listening.
export { createApp } from './create-app'
export { createLocalApp } from './local-app'
export { PortInUseError, handOver, listen, type ListeningServer } from './start-server'
export { apiBaseUrl, urlHost } from './urls'
export { createOpenApiDocument } from './openapi/openapi'

// Who may call: the doors, the staff permissions the main computer holds a member to.
export { AccessPolicy } from './security/access-policy'
export { CLIENT_HEADER } from './security/actor'
export { interfaceAddresses, isWildcardHost } from './security/own-addresses'
export { uiUrl } from './security/security'
export { requireMaySell } from './security/staff-actions'

// Reading a request, answering a problem.
export { keyOf, readIdempotencyKey } from './http/idempotency-key'
export { decodeUtf8, readJsonBody } from './http/read-json-body'
export { HttpProblem } from './problems/http-problem'
export { problem } from './problems/problems'

// Declaring operations (a paired till's own routes are declared as the main computer's are), the operations the
// main computer serves (whose documentation a till's route of the same method and path shares), and the baskets a
// till keeps itself.
export {
  defineOperation,
  defineResource,
  operationsOf,
  registerResource,
  type AnyResource,
  type OperationDeclaration,
  type StaffRule
} from './routes/operation'
export { RESOURCES } from './routes/resources'
export { basketsResource } from './routes/baskets/resource'

// The ports the routes are handed (what the LAN listener, a first run and the change streams provide).
export { eventStreamShares } from './routes/events/resource'
export type { LanAdmin, LanChange } from './routes/lan/resource'
export type { SetupAdmin } from './routes/setup/resource'
