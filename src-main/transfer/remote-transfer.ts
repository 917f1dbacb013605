/** Export and import through a catalogue's API (a running server's), for the CLI, with the shared typed client. */
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'
import { ApiError, type ApiClient } from '#shared/api-client'
import type { ImportRowError, TransferFormat } from '#shared/import-export'
import type { ImportChoices } from '#shared/import-mapping'
import type { PlantStatus } from '#shared/plant'
import { PROBLEM_TYPES } from '#shared/problem'
import type { ImportOutcome } from './transfer'

/** The catalogue's export as a stream of bytes. */
export async function remoteExport(client: ApiClient, format: TransferFormat, statuses: readonly PlantStatus[]): Promise<Readable> {
  return Readable.fromWeb((await client.exportStream(format, statuses)) as ReadableStream<Uint8Array>)
}

/**
 * Sends `bytes` to the catalogue's import, under `idempotencyKey` when given (a retry of the same file then imports
 * nothing twice); a file refused for its rows (422 with errors by row) comes back as a rejected outcome, like a local
 * import. Any other refusal (a key used for another file: 422 without rows) is thrown.
 */
export async function remoteImport(
  client: ApiClient,
  format: TransferFormat,
  bytes: Uint8Array,
  dryRun: boolean,
  choices: ImportChoices = {},
  idempotencyKey?: string
): Promise<ImportOutcome> {
  try {
    let replayed = false
    const summary = await client.importPlants(bytes, format, dryRun, { choices, idempotencyKey, onReplayed: () => (replayed = true) })
    return replayed ? { summary, rejected: false, replayed } : { summary, rejected: false }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422 || error.type === PROBLEM_TYPES.idempotencyKeyReused) throw error
    // The 422 of an import lists its errors by row ({row, field, message}), as a local import does.
    const errors = error.errors as unknown as ImportRowError[]
    const more = error.moreErrors ? { moreErrors: error.moreErrors } : {}
    return { summary: { added: 0, updated: 0, unchanged: 0, warnings: [], errors, ...more, changes: [], applied: false }, rejected: true }
  }
}
