/**
 * Export and Import through native file dialogs in the desktop app: what the
 * dialogs offer, the bytes written and read, the refusals, the sender check,
 * and the wiring in the app (Electron is the stand-in: its binary cannot run here).
 */
import { mkdir, readFile, readdir, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { serveFileDialogs, type FileDialogHandlers } from '#desktop/bridge-ipc'
import { MAX_SAVE_BYTES, openThroughDialog, readSaveRequest, saveThroughDialog, type NativeFileDialogs } from '#desktop/transfer-files'
import { DESKTOP_FILE_CHANNELS } from '#shared/desktop-bridge'
import { MAX_IMPORT_BYTES } from '#shared/import-export'
import { makeTempDir } from '#setup/temp-dir'
import { mainWindow, runDesktop } from './_desktop'
import { app, dialog, ipcMain, resetElectronFake } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

const APP = 'http://127.0.0.1:7420'
const CSV = new TextEncoder().encode('\uFEFFid,name\r\n1,Fougère\r\n')

/** Dialogs that answer with `saveTo` / `openPaths` (cancelled when absent) and record their options. */
function standIn(answer: { saveTo?: string; openPaths?: string[] }) {
  const dialogs = {
    showSaveDialog: vi.fn(async (_options: unknown) => ({ canceled: answer.saveTo === undefined, filePath: answer.saveTo })),
    showOpenDialog: vi.fn(async (_options: unknown) => ({ canceled: answer.openPaths === undefined, filePaths: answer.openPaths ?? [] }))
  }
  return dialogs satisfies NativeFileDialogs
}

describe('Export through the native Save dialog', () => {
  it('offers the export name in the default folder and writes the bytes exactly (BOM and CRLF kept)', async () => {
    const documents = await makeTempDir()
    const target = path.join(await makeTempDir(), 'for the accountant.csv')
    const dialogs = standIn({ saveTo: target })
    expect(await saveThroughDialog(dialogs, documents, 'plants-2026-03-01.csv', CSV)).toEqual({ path: target })
    expect(dialogs.showSaveDialog).toHaveBeenCalledWith({
      title: 'Export plants',
      defaultPath: path.join(documents, 'plants-2026-03-01.csv'),
      filters: [{ name: 'CSV', extensions: ['csv'] }]
    })
    expect(new Uint8Array(await readFile(target))).toEqual(CSV)
  })

  it('writes nothing when cancelled, and says where and why when the place cannot be written', async () => {
    const folder = await makeTempDir()
    expect(await saveThroughDialog(standIn({}), folder, 'plants.json', CSV)).toBeNull()
    expect(await readdir(folder)).toEqual([])
    const inMissing = path.join(folder, 'gone', 'plants.json')
    expect(await saveThroughDialog(standIn({ saveTo: inMissing }), folder, 'plants.json', CSV)).toEqual({
      error: `${inMissing} could not be written (ENOENT); choose another place`
    })
  })

  it('accepts from the page only a plain .csv or .json name and bytes of a sane size', () => {
    expect(readSaveRequest('plants-2026-03-01.json', CSV)).toEqual({ name: 'plants-2026-03-01.json', data: CSV })
    for (const name of ['../plants.csv', 'a/b.csv', 'C:\\x.csv', 'plants.exe', '.csv', 'x\u0000.csv', 7, undefined]) {
      expect(readSaveRequest(name, CSV), String(name)).toBeUndefined()
    }
    expect(readSaveRequest('plants.csv', 'text')).toBeUndefined()
    expect(readSaveRequest('plants.csv', { byteLength: 1 })).toBeUndefined()
    expect(MAX_SAVE_BYTES).toBeGreaterThan(32 * 1024 * 1024)
  })
})

describe('Import through the native Open dialog', () => {
  it('offers CSV and JSON files and reads the one chosen; null when cancelled', async () => {
    const file = path.join(await makeTempDir(), 'stock.csv')
    await writeFile(file, CSV)
    const dialogs = standIn({ openPaths: [file] })
    expect(await openThroughDialog(dialogs)).toEqual({ name: 'stock.csv', data: CSV })
    expect(dialogs.showOpenDialog.mock.calls[0]?.[0]).toMatchObject({
      properties: ['openFile'],
      filters: [
        { name: 'CSV or JSON', extensions: ['csv', 'json'] },
        { name: 'All files', extensions: ['*'] }
      ]
    })
    expect(await openThroughDialog(standIn({}))).toBeNull()
  })

  it('says why instead of reading a file too big to import, or one that cannot be read', async () => {
    const dir = await makeTempDir()
    const big = path.join(dir, 'huge.csv')
    await writeFile(big, '')
    await truncate(big, MAX_IMPORT_BYTES + 1)
    expect(await openThroughDialog(standIn({ openPaths: [big] }))).toEqual({
      name: 'huge.csv',
      error: 'huge.csv is over 32 MiB, the most an import takes; split it into smaller files'
    })
    const folder = path.join(dir, 'folder.csv')
    await mkdir(folder)
    expect(await openThroughDialog(standIn({ openPaths: [folder] }))).toEqual({ name: 'folder.csv', error: 'folder.csv could not be read (EISDIR)' })
  })
})

describe('the file dialogs over IPC', () => {
  beforeEach(() => resetElectronFake())

  const handlers = (): FileDialogHandlers & { save: ReturnType<typeof vi.fn>; open: ReturnType<typeof vi.fn> } => ({
    save: vi.fn(async () => ({ path: '/x/plants.csv' })),
    open: vi.fn(async () => ({ name: 'stock.csv', data: CSV }))
  })

  it('opens a dialog for the app page only; any other sender gets null and no dialog', async () => {
    const files = handlers()
    serveFileDialogs(ipcMain as never, () => APP, files)
    const page = { origin: APP, parent: null }
    expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.save, page, 'plants.csv', CSV)).toEqual({ path: '/x/plants.csv' })
    expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.open, page)).toEqual({ name: 'stock.csv', data: CSV })
    for (const frame of [{ origin: 'https://evil.example', parent: null }, { origin: APP, parent: { origin: APP } }, null]) {
      expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.save, frame, 'plants.csv', CSV)).toBeNull()
      expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.open, frame)).toBeNull()
    }
    expect(files.save).toHaveBeenCalledTimes(1)
    expect(files.open).toHaveBeenCalledTimes(1)
  })

  it('refuses a save whose name would leave the chosen folder, without a dialog', async () => {
    const files = handlers()
    serveFileDialogs(ipcMain as never, () => APP, files)
    expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.save, { origin: APP, parent: null }, '../../.bashrc.csv', CSV)).toEqual({
      error: 'the export was refused: not a plain .csv or .json file name, or too big'
    })
    expect(files.save).not.toHaveBeenCalled()
  })

  it('is wired in the desktop app: native dialogs over its window, the Save dialog starting in Documents', async () => {
    const documents = await makeTempDir()
    app.paths.set('documents', documents)
    const desktop = await runDesktop(await makeTempDir())
    const page = { origin: `http://127.0.0.1:${desktop.service?.port}`, parent: null }
    const target = path.join(documents, 'plants.csv')
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target })
    expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.save, page, 'plants-2026-03-01.csv', CSV)).toEqual({ path: target })
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      mainWindow(),
      expect.objectContaining({ defaultPath: path.join(documents, 'plants-2026-03-01.csv') })
    )
    expect(new Uint8Array(await readFile(target))).toEqual(CSV)
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [target] })
    expect(await ipcMain.invoke(DESKTOP_FILE_CHANNELS.open, page)).toEqual({ name: 'plants.csv', data: CSV })
    expect(dialog.showOpenDialog.mock.calls[0]?.[0]).toBe(mainWindow())
  })
})
