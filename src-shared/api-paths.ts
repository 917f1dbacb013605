/** Version segment every API path lives under (docs/contract.md, section 9). */
export const API_BASE = '/v3'

/** Paths relative to {@link API_BASE}, exactly as the contract names them. */
export const API_PATHS = {
  plant: '/plant',
  searchByStatus: '/plant/search/status',
  openapi: '/openapi.json'
} as const

/**
 * Paths the staff UI needs beyond the contract (OpenAPI extensions, marked
 * `x-extension`): full plants, one plant, and the live change stream.
 */
export const EXTENSION_PATHS = {
  plants: '/plant',
  plantById: '/plant/{id}',
  events: '/events',
  /** The owner's named tokens (the staff UI's Settings dialog). */
  tokens: '/tokens',
  tokenByName: '/tokens/{name}',
  /** The catalogue as a CSV or JSON file, and a file imported back (docs/import-export.md). */
  export: '/export',
  import: '/import',
  /** The backup folder setting and its last backup. */
  backup: '/backup',
  /** At the till: bring a deleted plant back; change, delete or restore many plants in one call; the shop's currency. */
  plantRestore: '/plant/{id}/restore',
  bulk: '/plant/bulk',
  bulkDelete: '/plant/bulk/delete',
  bulkRestore: '/plant/bulk/restore',
  shopSettings: '/settings/shop',
  /** Prices with or without tax, the tax rates, a receipt's head. */
  salesSettings: '/settings/sales'
} as const

/** Request and response headers of the extensions (optimistic concurrency, retries that never double-add). */
export const EXTENSION_HEADERS = {
  /** Sent with an add; a repeat with the same key and body gets the first answer again (IETF httpapi draft). */
  idempotencyKey: 'idempotency-key',
  /** Answer header: "true" when an add's answer was replayed for a repeated Idempotency-Key. */
  idempotentReplayed: 'idempotent-replayed'
} as const

/** Response header of GET /plant carrying the per-status counts, e.g. `available=3, pending=1, sold=2`. */
export const STATUS_COUNTS_HEADER = 'x-status-counts'

/** Sort keys of GET /plant (prefix `-` for descending). */
export const PLANT_SORT_KEYS = ['id', 'name', 'category', 'status', 'updatedAt', 'price', 'quantity'] as const

/** A sort key of GET /plant. */
export type PlantSortKey = (typeof PLANT_SORT_KEYS)[number]

/** Largest search text GET /plant accepts in `q`. */
export const QUERY_TEXT_MAX = 200

/** Largest request body the API reads (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024

/** Paging bounds of list operations. */
export const PAGE_LIMIT_MAX = 1000

/** Largest offset of list operations (larger values are refused, not clamped). */
export const PAGE_OFFSET_MAX = 999_999_999
