/**
 * The UI's API layer: one client for the whole app. Components never fetch;
 * stores call `api()`. Tests install their own client with `useApiClient`.
 */
import type { ApiClient } from '#shared/api-client'

let client: ApiClient | undefined

/** Makes `next` the client every store uses. */
export function useApiClient(next: ApiClient): void {
  client = next
}

/** The client installed by main.ts (or a test). */
export function api(): ApiClient {
  if (!client) throw new Error('No API client: call useApiClient() before using the stores')
  return client
}
