/**
 * The stop-time backup into the backup folder when the app quits. It ran
 * inside the 10 s the quit gives the stop, so a copy onto a slow stick or
 * share was cut off, with nothing said. Now the folder is released first,
 * then the backup runs with a limit of its own while a box says so, and its
 * "Quit now" ends the app without waiting.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { writeSetting } from '#settings/settings'
import { makeTempDir } from '#setup/temp-dir'
import { runDesktop } from './_desktop'
import { app, dialog, messageBoxOptions, resetElectronFake } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

/** A data folder whose backup folder is set, and the app running on it once its first backup is there. */
async function appWithBackupFolder() {
  const dir = await makeTempDir()
  const usb = await makeTempDir()
  await writeSetting(dir, 'backup.dir', usb)
  await runDesktop(dir)
  await expect.poll(() => readdirSync(usb)).toHaveLength(1) // the first backup, made at start
  return { dir, usb }
}

/** Answers the "Backing up…" box with `answer` (undefined: left open); records what it said and whether `dir` was still locked. */
function backupNotice(dir: string, answer?: 'Quit now') {
  const seen: Array<{ detail?: string; lockHeld: boolean }> = []
  dialog.showMessageBox.mockImplementation((...args: unknown[]) => {
    const options = messageBoxOptions(args)
    if (options.message !== 'Backing up before Plant Store closes…') return Promise.resolve({ response: 0, checkboxChecked: false })
    seen.push({ detail: options.detail, lockHeld: existsSync(path.join(dir, 'lock')) })
    return answer ? Promise.resolve({ response: 0, checkboxChecked: false }) : new Promise(() => undefined)
  })
  return seen
}

describe('the backup at quit', () => {
  beforeEach(() => resetElectronFake())

  it('runs after the folder is released, said in a box naming the folder, and the app exits once it is written', async () => {
    const { dir, usb } = await appWithBackupFolder()
    const notices = backupNotice(dir)
    app.quit()
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(notices).toEqual([{ detail: expect.stringContaining(`The catalogue is being copied to ${usb}.`) as string, lockHeld: false }])
    const names = readdirSync(usb)
    expect(names).toHaveLength(2)
    expect(names.every((name) => /^plants-.*\.json$/.test(name))).toBe(true) // no temp file left
    expect(existsSync(path.join(dir, 'lock'))).toBe(false)
  })

  it('ends the app at once on Quit now, without waiting for the copy', async () => {
    const { dir, usb } = await appWithBackupFolder()
    backupNotice(dir, 'Quit now')
    let backupsAtExit: number | undefined
    app.exit.mockImplementation(() => void (backupsAtExit ??= readdirSync(usb).filter((name) => name.startsWith('plants-')).length))
    app.quit()
    await expect.poll(() => app.exit).toHaveBeenCalled()
    expect(app.exit.mock.calls[0]).toEqual([0])
    expect(backupsAtExit).toBe(1) // the stop-time copy had not been written yet
    // The fake app.exit ends nothing: the copy goes on in this process, and the quit guard exits once more when it
    // is done. Wait for that, so that removing the folders after the test does not race its last write (ENOTEMPTY).
    await expect.poll(() => app.exit.mock.calls.length).toBe(2)
  })

  it('shows no box and exits right after the stop when no backup folder is set', async () => {
    const dir = await makeTempDir()
    await runDesktop(dir)
    app.quit()
    await expect.poll(() => app.exit).toHaveBeenCalledWith(0)
    expect(dialog.showMessageBox).not.toHaveBeenCalled()
  })
})
