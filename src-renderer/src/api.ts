/**
 * The UI's API layer: one client for the whole app. Components never fetch;
 * stores call `api()`. Tests install their own client with `useApiClient`.
 */
import type { ApiClient } from '#shared/api-client'

/** The catalogue's operations and the change log's (history, sales report): the one typed client. */
export type UiApiClient = ApiClient

let client: UiApiClient | undefined

/** Makes `next` the client every store uses. */
export function useApiClient(next: UiApiClient): void {
  client = next
}

/** The client installed by main.ts (or a test). */
export function api(): UiApiClient {
  if (!client) throw new Error('No API client: call useApiClient() before using the stores')
  return client
}
