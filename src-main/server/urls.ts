/** How the server spells its own addresses and routes. */
import { API_BASE } from '#shared/api-paths'

/** Formats a host for a URL (brackets around IPv6). */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/** The API base URL of a server at `origin`. */
export function apiBaseUrl(origin: string): string {
  return origin + API_BASE
}

/** h3's pattern for a path written OpenAPI-style (`/plant/{id}` → `/v3/plant/:id`). */
export function routePattern(path: string): string {
  return API_BASE + path.replace(/\{(\w+)\}/g, ':$1')
}
