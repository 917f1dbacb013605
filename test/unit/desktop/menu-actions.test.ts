import { existsSync, readFileSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMenuActions } from '#desktop/menu-actions'
import { makeTempDir } from '#setup/temp-dir'
import { addBackup } from './_catalogue'
import { mainWindow, runDesktop, storeOf } from './_desktop'
import { FakeBrowserWindow, clipboard, dialog, messageBoxOptions, resetElectronFake, shell } from './_electron-fake'
import { CLI_ACTOR } from '#store'

vi.mock('electron', () => import('./_electron-fake'))

/** A running app with one plant, and its menu actions. */
async function appWithAPlant() {
  const dir = await makeTempDir()
  const desktop = await runDesktop(dir)
  await storeOf(desktop).add({ name: 'Aloe', tags: [] }, CLI_ACTOR)
  return { dir, desktop, actions: createMenuActions(desktop) }
}

function boxes() {
  return dialog.showMessageBox.mock.calls.map((call) => messageBoxOptions(call))
}

describe('the File menu', () => {
  beforeEach(() => resetElectronFake())

  it('copies the API address and the token for scripts', async () => {
    const { desktop, actions } = await appWithAPlant()
    actions.copyApiAddress()
    actions.copyApiToken()
    expect(clipboard.writeText.mock.calls).toEqual([[desktop.service!.baseUrl], [desktop.service!.token()]])
  })

  it('says so when the clipboard refuses the copy (writeText is a promise since Electron 44)', async () => {
    const { actions } = await appWithAPlant()
    clipboard.writeText.mockRejectedValueOnce(new Error('clipboard busy'))
    actions.copyApiToken()
    await expect.poll(() => dialog.showMessageBox).toHaveBeenCalled()
    expect(boxes()[0]).toMatchObject({ type: 'error', message: 'The API token was not copied.', detail: 'The clipboard refused it: clipboard busy' })
    actions.copyApiAddress() // a copy that works says nothing
    await clipboard.writeText.mock.results.at(-1)!.value // the copy has been made
    await new Promise((resolve) => setImmediate(resolve)) // and what follows it in the action has run
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1)
  })

  it('opens the data folder', async () => {
    const { dir, actions } = await appWithAPlant()
    actions.openDataFolder()
    expect(shell.openPath).toHaveBeenCalledWith(dir)
  })

  it('backs up now with the same code as `plant-store backup`, and offers to show the file', async () => {
    const { dir, actions } = await appWithAPlant()
    dialog.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false }) // "Show in Folder"
    actions.backUpNow()
    await expect.poll(() => shell.showItemInFolder).toHaveBeenCalled()
    const [file] = shell.showItemInFolder.mock.calls[0] as [string]
    expect(path.dirname(file)).toBe(path.join(dir, 'backups'))
    expect(JSON.parse(readFileSync(file, 'utf8')).plants.map((plant: { name: string }) => plant.name)).toEqual(['Aloe'])
    expect(boxes()[0]).toMatchObject({ message: 'Backed up 1 plant.', buttons: ['OK', 'Show in Folder'] })
  })

  it('restores a chosen backup: stops the API, puts the backup back, starts again and reloads the page', async () => {
    const { dir, desktop, actions } = await appWithAPlant()
    const backup = await addBackup(dir)
    const before = desktop.service
    dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: [backup] })
    dialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: false }) // "Restore", then OK
    actions.restoreFromBackup()
    await expect.poll(() => boxes()).toHaveLength(2)
    expect(boxes()[0]).toMatchObject({ type: 'warning', buttons: ['Restore', 'Cancel'], cancelId: 1, defaultId: 1 })
    expect(boxes()[1]).toMatchObject({ message: 'Backup restored.' })
    expect(desktop.service).not.toBe(before)
    expect(
      storeOf(desktop)
        .find()
        .map((plant) => plant.name)
    ).toEqual(['Fern'])
    expect(readdirSync(dir).some((name) => name.startsWith('plants.json.replaced-'))).toBe(true)
    expect(mainWindow().loadURL).toHaveBeenLastCalledWith(`http://127.0.0.1:${desktop.service?.port}/`)
    expect(existsSync(path.join(dir, 'server.json'))).toBe(true)
  })

  it('changes nothing when the restore is cancelled', async () => {
    const { dir, desktop, actions } = await appWithAPlant()
    dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: [await addBackup(dir)] })
    dialog.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false }) // "Cancel"
    const before = desktop.service
    const restart = vi.spyOn(desktop, 'restartService')
    actions.restoreFromBackup()
    await expect.poll(() => dialog.showMessageBox).toHaveBeenCalled()
    await dialog.showMessageBox.mock.results[0]!.value // the answer "Cancel" is in…
    await new Promise((resolve) => setImmediate(resolve)) // …and acted on
    expect(restart).not.toHaveBeenCalled()
    expect(desktop.service).toBe(before)
    expect(
      storeOf(desktop)
        .find()
        .map((plant) => plant.name)
    ).toEqual(['Aloe'])
  })

  it('keeps the catalogue and the API when the chosen file is not a catalogue', async () => {
    const { dir, desktop, actions } = await appWithAPlant()
    dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: [path.join(dir, 'token')] })
    dialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: false })
    actions.restoreFromBackup()
    await expect.poll(() => boxes()).toHaveLength(2)
    expect(boxes()[1]).toMatchObject({ type: 'error', message: 'The backup was not restored.' })
    expect(boxes()[1]?.detail).toMatch(/token is not a usable catalogue: .*\n\nThe catalogue was left as it was\.$/)
    expect(
      storeOf(desktop)
        .find()
        .map((plant) => plant.name)
    ).toEqual(['Aloe'])
  })
})

describe('the Help menu', () => {
  beforeEach(() => resetElectronFake())

  it('shows the API reference in a script-free window, once', async () => {
    const { actions } = await appWithAPlant()
    actions.showApiReference()
    actions.showApiReference()
    const reference = FakeBrowserWindow.created[1]!
    expect(FakeBrowserWindow.created).toHaveLength(2)
    expect(reference.options.webPreferences).toMatchObject({ javascript: false, sandbox: true, contextIsolation: true })
    expect(reference.options.webPreferences).not.toHaveProperty('preload')
    const html = decodeURIComponent(String(reference.loadURL.mock.calls[0]?.[0]).replace(/^data:text\/html;charset=utf-8,/, ''))
    expect(html).toContain('<code>/v3/plant/search/status</code>')
    expect(reference.focus).toHaveBeenCalled() // the second click brought it forward
  })

  it('tells the version, the data folder and the API address in About', async () => {
    const { dir, desktop, actions } = await appWithAPlant()
    actions.showAbout()
    await expect.poll(() => dialog.showMessageBox).toHaveBeenCalled()
    expect(boxes()[0]?.message).toBe('Plant Store 1.2.3')
    expect(boxes()[0]?.detail).toContain(`Data folder: ${dir}`)
    expect(boxes()[0]?.detail).toContain(`API address: ${desktop.service?.baseUrl}`)
  })

  it('installs the command-line launcher into the per-user folder and says where it went', async () => {
    const { actions } = await appWithAPlant()
    actions.installCommandLineTool()
    await expect.poll(() => dialog.showMessageBox).toHaveBeenCalled()
    expect(boxes()[0]?.message).toBe('The plant-store command is installed.')
    const launcher = path.join(os.homedir(), '.local', 'bin', 'plant-store') // a throw-away folder in tests (isolate-home.ts)
    expect(boxes()[0]?.detail).toContain(`Installed ${launcher}`)
    expect(readFileSync(launcher, 'utf8')).toMatch(/ELECTRON_RUN_AS_NODE=1 exec '.*' '.*\/out\/main\/cli\.js' "\$@"/)
  })
})
