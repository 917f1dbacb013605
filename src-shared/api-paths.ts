/** Version segment every API path lives under (contract section 9). */
export const API_BASE = '/v3'

/** Paths relative to {@link API_BASE}, exactly as the contract names them. */
export const API_PATHS = {
  plant: '/plant',
  searchByStatus: '/plant/search/status',
  openapi: '/openapi.json'
} as const

/** Largest request body the API reads (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024

/** Paging bounds of list operations. */
export const PAGE_LIMIT_MAX = 1000
