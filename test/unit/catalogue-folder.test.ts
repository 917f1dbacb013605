/** A command that needs a catalogue says why there is none: no Plant Store data, or a first run waiting on its screen. */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FirstRunPendingError, NoCatalogueError, requireCatalogue } from '#app/catalogue-folder'
import { acquireDataDirLock, DATA_FILE_NAME } from '#store'
import { FIRST_RUN_HOLDER } from '#till/first-run'
import { makeTempDir } from '#setup/temp-dir'

describe('requireCatalogue', () => {
  it('refuses a folder with no Plant Store data, saying to start Plant Store there', async () => {
    const dir = await makeTempDir()
    await expect(requireCatalogue(dir)).rejects.toThrow(NoCatalogueError)
  })

  it('says to finish the first-run screen, not to start Plant Store, while a first run holds the folder', async () => {
    const dir = await makeTempDir()
    const lock = await acquireDataDirLock(dir, FIRST_RUN_HOLDER)
    try {
      await expect(requireCatalogue(dir)).rejects.toThrow(FirstRunPendingError)
      await expect(requireCatalogue(dir)).rejects.toThrow(/waits on its first-run screen/)
    } finally {
      await lock.release()
    }
    await expect(requireCatalogue(dir)).rejects.toThrow(NoCatalogueError) // the first run gone: no data, as before
  })

  it('lets a folder with a catalogue through, whoever holds it', async () => {
    const dir = await makeTempDir()
    await writeFile(path.join(dir, DATA_FILE_NAME), '{}')
    await expect(requireCatalogue(dir)).resolves.toBeUndefined()
  })
})
