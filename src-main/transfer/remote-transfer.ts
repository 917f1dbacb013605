/** Export and import through a running server's API, for the CLI when a server holds the data folder. */
import { Readable } from 'node:stream'
import { EXTENSION_PATHS } from '#shared/api-paths'
import { TRANSFER_MEDIA_TYPES, type ImportRowError, type ImportSummary, type TransferFormat } from '#shared/import-export'
import type { PlantStatus } from '#shared/plant'
import type { ImportOutcome } from './transfer'

/** A server answered with a problem the command cannot turn into a summary. */
export class RemoteTransferError extends Error {
  constructor(status: number, detail: string) {
    super(`the server answered ${status}: ${detail}`)
    this.name = 'RemoteTransferError'
  }
}

async function failure(response: Response): Promise<RemoteTransferError> {
  const body = (await response.json().catch(() => ({}))) as { detail?: string }
  return new RemoteTransferError(response.status, body.detail ?? response.statusText)
}

/** The server's export as a stream of bytes. */
export async function remoteExport(
  server: { baseUrl: string; token: string },
  format: TransferFormat,
  statuses: readonly PlantStatus[]
): Promise<Readable> {
  const query = new URLSearchParams({ format })
  if (statuses.length > 0) query.set('status', statuses.join(','))
  const response = await fetch(`${server.baseUrl}${EXTENSION_PATHS.export}?${query}`, { headers: { authorization: `Bearer ${server.token}` } })
  if (!response.ok || !response.body) throw await failure(response)
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
}

/** Sends `bytes` to the server's import; a refused file (422) comes back as a rejected outcome, like a local import. */
export async function remoteImport(
  server: { baseUrl: string; token: string },
  format: TransferFormat,
  bytes: Uint8Array,
  dryRun: boolean
): Promise<ImportOutcome> {
  const response = await fetch(`${server.baseUrl}${EXTENSION_PATHS.import}?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': `${TRANSFER_MEDIA_TYPES[format]}; charset=utf-8` },
    body: bytes
  })
  if (response.status === 200) return { summary: (await response.json()) as ImportSummary, rejected: false }
  if (response.status !== 422) throw await failure(response)
  const errors = ((await response.json()) as { errors: ImportRowError[] }).errors
  return { summary: { added: 0, updated: 0, unchanged: 0, warnings: [], errors, changes: [], applied: false }, rejected: true }
}
