/**
 * What the commands that work through the API share: reaching the catalogue (the running server, or the folder
 * itself), the words of a failure to reach it, and the exit code a script gets for each answer of the API.
 */
import { setTimeout as delay } from 'node:timers/promises'
import { ApiError, type ApiClient } from '#shared/api-client'
import { requireCatalogue } from '#app/catalogue-folder'
import { OwnerTokenError, reachCatalogue, useOf, type CatalogueConnection, type CatalogueUser } from '#app/reach-catalogue'
import { DataDirLockedError } from '#store/errors'
import { CommandError, EXIT_CODES } from './command'
import type { ExitCode } from '#shared/app-error'

/** The exit code for an answer of the API. */
function exitCodeFor(error: ApiError): ExitCode {
  if (error.status === 404) return EXIT_CODES.notFound
  if (error.status === 409 || error.status === 412) return EXIT_CODES.conflict
  if (error.status === 400 || error.status === 405 || error.status === 422) return EXIT_CODES.invalidInput
  if (error.status === 401 || error.status === 403) return EXIT_CODES.notAllowed
  return EXIT_CODES.failed
}

/** A failure of a command: an answer of the API becomes its words and exit code, anything else stays as it is. */
export function commandFailure(error: unknown): unknown {
  return error instanceof ApiError ? new CommandError(error.detail, exitCodeFor(error)) : error
}

/** How long a command waits for another one that has the data folder (a script's commands often overlap a little). */
export const FOLDER_WAIT_MS = 15_000

/**
 * The catalogue of `dataDir`, waiting while another command holds the folder without serving an API there: two
 * short commands at the same moment (a till script and a nightly count) both do their work, one after the other. A
 * read never waits: it takes no lock (reachCatalogue).
 */
async function reachWhenFree(dataDir: string, env: NodeJS.ProcessEnv, user: CatalogueUser): Promise<CatalogueConnection> {
  if (useOf(user).use === 'read') return reachCatalogue(dataDir, env, user)
  const giveUpAt = Date.now() + FOLDER_WAIT_MS
  for (;;) {
    try {
      return await reachCatalogue(dataDir, env, user)
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() >= giveUpAt) throw error
      await delay(50 + Math.random() * 100) // spread out, so that waiting commands do not all try at once
    }
  }
}

/**
 * Runs `work` with the API of the catalogue in `dataDir` (`user` names the command in the folder's lock); resolves
 * with exit 0, or throws a CommandError with the API's words and exit code. A user whose use is `read` takes no lock
 * and writes nothing in the folder, so it works on a full disk.
 */
export async function withApiClient(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  user: CatalogueUser,
  work: (client: ApiClient) => Promise<void>
): Promise<number> {
  await requireCatalogue(dataDir)
  const connection = await reachWhenFree(dataDir, env, user).catch((error: unknown) => {
    if (error instanceof OwnerTokenError) throw new CommandError(error.message, EXIT_CODES.notAllowed)
    if (error instanceof DataDirLockedError) {
      const busy = `${error.owner.holder} (process ${error.owner.pid}) has had the data folder ${dataDir} for ${FOLDER_WAIT_MS / 1000} s without serving an API there`
      throw new CommandError(
        `${busy} (a long import or a restore, or a server starting); nothing was done: run this again once it has finished`,
        EXIT_CODES.failed
      )
    }
    throw error
  })
  try {
    await work(connection.client)
    return EXIT_CODES.ok
  } catch (error) {
    throw commandFailure(error)
  } finally {
    await connection.close()
  }
}
