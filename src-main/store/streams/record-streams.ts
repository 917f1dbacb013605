/**
 * THE list of the store's record streams. The store opens each one and drives it from its one write path; snapshots,
 * backups, the backup check and restore go through this list, in its order. A new stream is its own folder under
 * store/ (its records, its files, its RecordStreamKind) plus one line here; the open store offers it as
 * `store.streams.<key>`, and a backup holds its list under `<key>`.
 */
import { HISTORY_STREAM } from '#store/history/history-stream'
import { SALES_STREAM } from '#store/sales/sales-stream'
import type { SnapshotList } from '#store/file/snapshot'
import type { BackupPart, RecordStream, RecordStreamKind, StreamHead, StreamHost, StreamSource } from './record-stream'

/** The record streams, by key: the change log first, then the sales ledger (the order they are flushed, backed up and restored in). */
export const RECORD_STREAMS = {
  history: HISTORY_STREAM,
  ledger: SALES_STREAM
} as const satisfies Record<string, RecordStreamKind<unknown>>

type Streams = typeof RECORD_STREAMS
type LiveOf<K> = K extends RecordStreamKind<infer Live> ? Live : never

/** What each open stream offers the rest of the program, by key (`store.streams.ledger`). */
export type OpenStreams = { readonly [Key in keyof Streams]: LiveOf<Streams[Key]> }

/** An open stream with its key. */
export interface NamedStream {
  key: string
  stream: RecordStream
}

/** The streams' part of a backup: their head fields, and their lists in the order of the list of streams. */
export type StreamsBackup = StreamHead & { lists: SnapshotList[] }

/** Each stream's kind with its key, in the list's order. */
export function streamKinds(): [string, RecordStreamKind<unknown>][] {
  return Object.entries(RECORD_STREAMS)
}

/** Opens every stream of an open store. */
export function openRecordStreams(source: StreamSource, host: StreamHost): { live: OpenStreams; streams: NamedStream[] } {
  const live: Record<string, unknown> = {}
  const streams: NamedStream[] = []
  for (const [key, kind] of streamKinds()) {
    const opened = kind.open(source, host)
    live[key] = opened.live
    streams.push({ key, stream: opened.stream })
  }
  return { live: live as OpenStreams, streams }
}

/** A stream's key and how to read its part of a backup (none when it has no part). */
type PartOf = [key: string, read: () => Promise<BackupPart> | undefined]

/** The parts of a backup (in the list's order, read one after the other), as a snapshot takes them. */
async function joined(parts: readonly PartOf[]): Promise<StreamsBackup> {
  const backup: StreamsBackup = { lists: [] }
  for (const [key, read] of parts) {
    const part = await read()
    if (part?.head) Object.assign(backup, part.head)
    if (part?.list) backup.lists.push({ key, items: part.list })
  }
  return backup
}

/** The streams' part of a backup made from the data files (safe while a server holds the folder). */
export function streamsBackupOf(source: StreamSource): Promise<StreamsBackup> {
  return joined(streamKinds().map(([key, kind]): PartOf => [key, () => kind.backupOf?.(source)]))
}

/** The streams' part of a backup the open store writes, as they are now. */
export function openStreamsBackup(streams: readonly NamedStream[]): Promise<StreamsBackup> {
  return joined(streams.map(({ key, stream }): PartOf => [key, () => stream.backup?.()]))
}

/** The check of each list a backup may hold, by the key of its stream (a stream with a list has a check). */
export function backupListChecks(): [string, (list: unknown) => string[]][] {
  return streamKinds().flatMap(([key, kind]) => (kind.checkList ? [[key, kind.checkList] as [string, (list: unknown) => string[]]] : []))
}
