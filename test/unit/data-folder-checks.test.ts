import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataFolderError, assertNotAFile, prepareDataFolder } from '#app/data-folder-checks'
import { describeStartFailure } from '#app/start-failure'
import { userName } from '#store/folder/data-folder-trust'
import { UntrustedDataFolderError } from '#store/errors'
import { makeTempDir } from '#setup/temp-dir'

describe('the data folder checks', () => {
  it('accept a folder, or one that does not exist yet (created on first use)', async () => {
    const dir = await makeTempDir()
    expect(() => assertNotAFile(dir, '--data')).not.toThrow()
    expect(() => assertNotAFile(path.join(dir, 'new', 'deeper'), '--data')).not.toThrow()
  })

  it('refuse a file, and a path that runs through a file, in one sentence naming the source', async () => {
    const dir = await makeTempDir()
    const file = path.join(dir, 'notes.txt')
    writeFileSync(file, '')
    expect(() => assertNotAFile(file, '--data')).toThrow(
      new DataFolderError(`${file} is a file, not a folder; --data must name a folder (it is created if missing)`)
    )
    expect(() => assertNotAFile(path.join(file, 'plants'), 'PLANT_STORE_DATA')).toThrow(
      `${file} (in the path ${path.join(file, 'plants')}) is a file`
    )
  })

  it('create a missing folder with mode 0700 and accept it as this user’s', async () => {
    const dir = path.join(await makeTempDir(), 'a', 'b')
    prepareDataFolder(dir, 'PLANT_STORE_DATA')
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it('refuse a folder owned by another user, in the words the store’s own check uses', async () => {
    const dir = await makeTempDir()
    const owner = statSync(dir).uid
    const error = (() => {
      try {
        prepareDataFolder(dir, 'PLANT_STORE_DATA', { uid: owner + 1 })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(UntrustedDataFolderError)
    expect(describeStartFailure(error)).toBe(
      `Refusing to use the data folder ${dir}: ${dir} belongs to ${userName(owner)}, not to ${userName(owner + 1)} who runs Plant Store. ` +
        `Start Plant Store as ${userName(owner)}, or choose a folder of your own with PLANT_STORE_DATA.`
    )
  })

  it('skip the owner check where there are no user ids (Windows)', async () => {
    const dir = await makeTempDir()
    mkdirSync(path.join(dir, 'x'))
    expect(() => prepareDataFolder(path.join(dir, 'x'), 'PLANT_STORE_DATA', { uid: undefined })).not.toThrow()
  })
})
