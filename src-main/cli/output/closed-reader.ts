/**
 * `plant-store plants list | head`: once the reader has what it wanted it goes
 * away, and the next write fails with EPIPE. That is the reader's choice, not a
 * failure (as for `ls | head`), so the output stops quietly; the command still
 * finishes its work (and releases the data folder) as usual.
 */

/** Lets writes to `stream` end silently once its reader has gone; every other stream error still surfaces. */
export function stopQuietlyWhenReaderLeaves(stream: NodeJS.WritableStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
}
