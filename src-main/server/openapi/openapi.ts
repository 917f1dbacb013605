/**
 * The OpenAPI 3.1 document of the API, assembled from the resources: each
 * route file (routes/<resource>.ts) exports its path items, complete, and the
 * component schemas it owns; the request bodies' schemas come from the same
 * rules that validate them (src-shared), so the two cannot drift. This file
 * only puts them together with the parts every resource shares (parts.ts).
 */
import { API_PATHS } from '#shared/api-paths'
import { backupPaths, backupSchemas } from '#server/routes/backup'
import { eventPaths } from '#server/routes/events'
import { healthPaths } from '#server/routes/health'
import { historyPaths, historySchemas } from '#server/routes/history'
import { lanPaths, lanSchemas } from '#server/routes/lan'
import { plantPaths, plantSchemas } from '#server/routes/plants'
import { bulkPaths, bulkSchemas } from '#server/routes/plants-bulk'
import { reportPaths } from '#server/routes/reports'
import { salePaths, saleSchemas } from '#server/routes/sales'
import { offlineSalePaths, offlineSaleSchemas } from '#server/routes/offline-sales'
import { dayPaths, daySchemas } from '#server/routes/days'
import { basketPaths, basketSchemas } from '#server/routes/baskets'
import { settingsPaths, settingsSchemas } from '#server/routes/settings'
import { staffPaths, staffSchemas } from '#server/routes/staff'
import { stockPaths, stockSchemas } from '#server/routes/stock'
import { tokenPaths, tokenSchemas } from '#server/routes/tokens'
import { transferPaths } from '#server/routes/transfer'
import { serverProofPaths } from '#server/routes/server-proof'
import { setupPaths, setupSchemas } from '#server/routes/setup'
import { HOST_CHECK_RESPONSE, SECURITY_SCHEMES, SHARED_SCHEMAS, json, type JsonSchema, type PathItems } from './parts'

/** This document's own path: the one operation anyone on this computer may call without the token. */
const documentPaths: PathItems = {
  [API_PATHS.openapi]: {
    get: {
      operationId: 'get-openapi',
      summary: 'This document',
      security: [],
      responses: { '200': { description: 'The OpenAPI document.', content: json({ type: 'object' }) }, '403': HOST_CHECK_RESPONSE }
    }
  }
}

/** Merges path items by path (two resources may answer different methods of one path); a method given twice is a mistake. */
function mergePaths(...resources: PathItems[]): PathItems {
  const merged: PathItems = {}
  for (const paths of resources) {
    for (const [path, item] of Object.entries(paths)) {
      for (const method of Object.keys(item)) if (merged[path]?.[method]) throw new Error(`OpenAPI: ${method} ${path} is described twice`)
      merged[path] = { ...merged[path], ...item }
    }
  }
  return merged
}

/** Merges component schemas; a name two resources give different schemas is a mistake. */
function mergeSchemas(...owned: Record<string, JsonSchema>[]): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = {}
  for (const schemas of owned) {
    for (const [name, schema] of Object.entries(schemas)) {
      if (merged[name] && JSON.stringify(merged[name]) !== JSON.stringify(schema)) throw new Error(`OpenAPI: two schemas are named ${name}`)
      merged[name] = schema
    }
  }
  return merged
}

/** Builds the OpenAPI document served at /v3/openapi.json. */
export function createOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plant Store',
      version: '1.0.0',
      description:
        "The local API of one plant shop's catalogue. Every error body is RFC 9457 problem details " +
        '(application/problem+json with type, title, status, detail and, for invalid input, errors[] of {field, message}). ' +
        'Unknown paths answer 404; a known path with a wrong method answers 405 with an Allow header. ' +
        'Operations marked x-extension: true are additions for the staff UI, not part of the interface contract. ' +
        'Every operation except this document needs "Authorization: Bearer TOKEN".'
    },
    servers: [{ url: 'http://127.0.0.1:{port}/v3', variables: { port: { default: '7420' } } }],
    security: [{ bearerToken: [] }],
    paths: mergePaths(
      plantPaths,
      bulkPaths,
      stockPaths,
      salePaths,
      offlineSalePaths,
      dayPaths,
      basketPaths,
      eventPaths,
      historyPaths,
      reportPaths,
      tokenPaths,
      staffPaths,
      lanPaths,
      setupPaths,
      transferPaths,
      backupPaths,
      settingsPaths,
      healthPaths,
      serverProofPaths,
      documentPaths
    ),
    components: {
      schemas: mergeSchemas(
        SHARED_SCHEMAS,
        plantSchemas,
        bulkSchemas,
        stockSchemas,
        saleSchemas,
        offlineSaleSchemas,
        daySchemas,
        basketSchemas,
        historySchemas,
        tokenSchemas,
        staffSchemas,
        lanSchemas,
        setupSchemas,
        backupSchemas,
        settingsSchemas
      ),
      securitySchemes: SECURITY_SCHEMES
    }
  }
}

/**
 * The document as served: JSON in printable ASCII, every other character written as a JSON \u escape, so a
 * pattern's literal characters stay legible (a no-break space reads \u00a0, not as a space) and nothing on the
 * way can alter them. Parsed, it is exactly {@link createOpenApiDocument}.
 */
export function serializeOpenApiDocument(): string {
  return JSON.stringify(createOpenApiDocument()).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
