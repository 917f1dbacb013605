/** Pieces the OpenAPI document repeats, written once: schema references, problem responses, query parameters. */
import { PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '#shared/api-paths'
import { PLANT_STATUSES } from '#shared/plant'

type Schema = Record<string, unknown>

/** A reference to a schema under components/schemas. */
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })

/** A response whose body is an RFC 9457 problem. */
export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } }
})

/** An optional query parameter. */
export const queryParam = (name: string, description: string, schema: Schema, extra: Schema = {}) => ({
  name,
  in: 'query',
  required: false,
  description,
  ...extra,
  schema
})

/** status, limit and offset: the search's filter and paging, which the list takes with the same rules. */
export const SEARCH_PARAMETERS = [
  queryParam(
    'status',
    `One or more of ${PLANT_STATUSES.join(', ')}, comma-separated or repeated.`,
    { type: 'array', items: ref('PlantStatus') },
    { style: 'form', explode: true }
  ),
  queryParam('limit', 'Page size; all matches when absent.', { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX }),
  queryParam('offset', 'Number of matches to skip.', { type: 'integer', minimum: 0, maximum: PAGE_OFFSET_MAX, default: 0 })
]
