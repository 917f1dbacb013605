/**
 * JSON Schemas of what the API answers, for the OpenAPI document. The request
 * bodies' schemas come from the validator itself (src-shared/plant-schema.ts).
 */
import { PLANT_ID_SCHEMA } from '#shared/plant-schema'
import { ref } from './openapi-parts'

const stringArray = { type: 'array', items: { type: 'string' } }

export const responseSchemas = {
  PlantResponse: {
    type: 'object',
    required: ['id', 'status', 'tags'],
    description: 'A plant as the contract returns it: never carries category.',
    properties: {
      id: { ...PLANT_ID_SCHEMA, description: 'Assigned by the server: increasing, never reused.' },
      name: { type: 'string' },
      status: ref('PlantStatus'),
      tags: stringArray
    }
  },
  /** A plant as stored: the contract's fields plus category and timestamps. */
  FullPlant: {
    type: 'object',
    required: ['id', 'tags', 'status', 'createdAt', 'updatedAt'],
    description: 'A plant with every stored field (extension views only; the contract operations never return category).',
    properties: {
      id: PLANT_ID_SCHEMA,
      name: { type: 'string' },
      category: { type: 'string' },
      tags: stringArray,
      status: ref('PlantStatus'),
      price: {
        type: 'number',
        minimum: 0,
        description: "Extension (issue 15): the price in the shop's currency (GET /v3/settings/shop), at most two decimals; absent when not set."
      },
      quantity: {
        type: 'integer',
        minimum: 0,
        description: 'Extension: pots on hand of a plant line kept in stock; absent for a single plant. Moved by POST /plant/{id}/stock.'
      },
      reorderAt: { type: 'integer', minimum: 0, description: 'Extension: the quantity at or below which the line is low on stock.' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' }
    }
  },
  Problem: {
    type: 'object',
    required: ['type', 'title', 'status', 'detail'],
    description: 'RFC 9457 problem details (application/problem+json).',
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } }
        }
      }
    }
  }
}
