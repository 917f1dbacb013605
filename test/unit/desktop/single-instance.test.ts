/**
 * The single-instance lock refused: another copy runs, or the data folder's
 * drive cannot hold the symbolic link Chromium's lock is (FAT, exFAT, some
 * shares), which made the app quit with no word.
 */
import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { canHoldLinks, singleInstanceProblem } from '#desktop/single-instance'
import { makeTempDir } from '#setup/temp-dir'

describe('singleInstanceProblem', () => {
  it('says what to do when the folder cannot hold links, on Linux and macOS', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(singleInstanceProblem('/media/ana/STICK/plant-store', platform, () => false)).toMatch(
        /^The data folder \/media\/ana\/STICK\/plant-store is on a drive that cannot hold symbolic links \(a FAT or exFAT USB stick.*own disk/
      )
    }
  })

  it('says nothing when links work (another copy runs) or on Windows (its lock is no link)', () => {
    expect(singleInstanceProblem('/home/ana/.config/plant-store', 'linux', () => true)).toBeUndefined()
    expect(singleInstanceProblem('E:\\plant-store', 'win32', () => false)).toBeUndefined()
  })
})

describe('canHoldLinks', () => {
  it('tries a link of its own on this disk and leaves nothing behind', async () => {
    const dir = await makeTempDir()
    expect(canHoldLinks(dir)).toBe(true)
    expect(await readdir(dir)).toEqual([])
    expect(canHoldLinks(`${dir}/missing`)).toBe(false)
  })
})
