/**
 * Label printing in the desktop app: the native print dialog and Save as PDF
 * of the sender's own page, the sender check, the bytes written, cancel, and
 * the wiring in the app (Electron is the stand-in: its binary cannot run here).
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { printPage, readPdfName, savePdfThroughDialog, serveLabelPrinting, type PrintablePage } from '#desktop/label-printing'
import { pdfOptions, printOptions } from '#desktop/print-options'
import { DESKTOP_LABEL_CHANNELS } from '#shared/desktop-bridge'
import { makeTempDir } from '#setup/temp-dir'
import { mainWindow, runDesktop } from './_desktop'
import { app, dialog, ipcMain, resetElectronFake } from './_electron-fake'

vi.mock('electron', () => import('./_electron-fake'))

const APP = 'http://127.0.0.1:7420'
const PAGE = { origin: APP, parent: null }
// Binary on purpose: a PDF has bytes that are not UTF-8, and they must be written as they are.
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff, 0x0a])

/** The sender's webContents: print answers `printed` (success, reason); printToPDF resolves with PDF. */
function page(printed: [boolean, string] = [true, '']) {
  return {
    print: vi.fn((_options: unknown, callback: (success: boolean, reason: string) => void) => callback(...printed)),
    printToPDF: vi.fn(async (_options: unknown) => PDF)
  } satisfies PrintablePage
}

/** What ipcRenderer.invoke(channel, ...args) resolves with, sent from `frame` by `sender`. */
function invoke(channel: string, frame: unknown, sender: unknown, ...args: unknown[]): Promise<unknown> {
  return Promise.resolve(ipcMain.handlers.get(channel)!({ senderFrame: frame, sender }, ...args))
}

const saveStandIn = (saveTo?: string) => ({
  showSaveDialog: vi.fn(async (_options: unknown) => ({ canceled: saveTo === undefined, filePath: saveTo }))
})

describe('Save as PDF through the native Save dialog', () => {
  it('offers the name in the default folder, filtered to PDF, and writes the bytes exactly', async () => {
    const documents = await makeTempDir()
    const target = path.join(await makeTempDir(), 'labels.pdf')
    const dialogs = saveStandIn(target)
    expect(await savePdfThroughDialog(dialogs, documents, 'labels-2026-03-01.pdf', PDF)).toEqual({ path: target })
    expect(dialogs.showSaveDialog).toHaveBeenCalledWith({
      title: 'Save labels as PDF',
      defaultPath: path.join(documents, 'labels-2026-03-01.pdf'),
      filters: [{ name: 'PDF', extensions: ['pdf'] }]
    })
    expect(new Uint8Array(await readFile(target))).toEqual(PDF)
    expect(await readdir(path.dirname(target))).toEqual(['labels.pdf']) // no temp file left
  })

  it('writes nothing when cancelled, and says where and why when the place cannot be written', async () => {
    const folder = await makeTempDir()
    expect(await savePdfThroughDialog(saveStandIn(), folder, 'labels.pdf', PDF)).toBeNull()
    expect(await readdir(folder)).toEqual([])
    const inMissing = path.join(folder, 'gone', 'labels.pdf')
    expect(await savePdfThroughDialog(saveStandIn(inMissing), folder, 'labels.pdf', PDF)).toEqual({
      error: `${inMissing} could not be written (ENOENT); choose another place`
    })
  })

  it('accepts from the page only a plain .pdf name', () => {
    expect(readPdfName('labels-2026-03-01.pdf')).toBe('labels-2026-03-01.pdf')
    for (const name of ['../labels.pdf', 'a/b.pdf', 'C:\\x.pdf', 'labels.csv', '.pdf', 'x\u0000.pdf', 'NUL.pdf', 'com1.pdf', 7, undefined]) {
      expect(readPdfName(name), String(name)).toBeUndefined()
    }
  })
})

describe('the native print dialog', () => {
  it('shows the dialog on the layout’s paper; printed or cancelled is null, a failure says why', async () => {
    const printed = page()
    expect(await printPage(printed, 'roll')).toBeNull()
    expect(printed.print).toHaveBeenCalledWith(printOptions('roll'), expect.any(Function))
    expect(await printPage(page([false, 'Print job canceled']), 'sheet')).toBeNull()
    expect(await printPage(page([false, 'cancelled']), 'sheet')).toBeNull()
    expect(await printPage(page([false, 'failed']), 'sheet')).toEqual({ error: 'the labels could not be printed (failed)' })
  })

  it('says in words that no printer is set up, where Electron fails before any dialog', async () => {
    expect(await printPage(page([false, 'no valid printers available']), 'roll')).toEqual({
      error: 'No printer is set up on this computer — use Save as PDF'
    })
  })
})

describe('label printing over IPC', () => {
  beforeEach(() => resetElectronFake())

  it('prints and renders the PDF of the sender’s own page, with the options, and saves those bytes', async () => {
    const savePdf = vi.fn(async () => ({ path: '/x/labels.pdf' }))
    serveLabelPrinting(ipcMain as never, () => APP, savePdf)
    const sender = page()
    expect(await invoke(DESKTOP_LABEL_CHANNELS.print, PAGE, sender, 'roll')).toBeNull()
    expect(sender.print).toHaveBeenCalledWith(printOptions('roll'), expect.any(Function))
    expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, PAGE, sender, 'labels.pdf', 'sheet')).toEqual({ path: '/x/labels.pdf' })
    expect(sender.printToPDF).toHaveBeenCalledWith(pdfOptions('sheet'))
    expect(savePdf).toHaveBeenCalledWith('labels.pdf', PDF)
  })

  it('refuses any sender that is not the app page: null, nothing printed, rendered or saved', async () => {
    const savePdf = vi.fn(async () => ({ path: '/x/labels.pdf' }))
    serveLabelPrinting(ipcMain as never, () => APP, savePdf)
    const sender = page()
    for (const frame of [{ origin: 'https://evil.example', parent: null }, { origin: APP, parent: { origin: APP } }, null]) {
      expect(await invoke(DESKTOP_LABEL_CHANNELS.print, frame, sender, 'sheet')).toBeNull()
      expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, frame, sender, 'labels.pdf', 'sheet')).toBeNull()
    }
    expect(sender.print).not.toHaveBeenCalled()
    expect(sender.printToPDF).not.toHaveBeenCalled()
    expect(savePdf).not.toHaveBeenCalled()
  })

  it('refuses a name that would leave the chosen folder, and says why when rendering fails', async () => {
    const savePdf = vi.fn(async () => null)
    serveLabelPrinting(ipcMain as never, () => APP, savePdf)
    const sender = page()
    expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, PAGE, sender, '../../.bashrc.pdf', 'sheet')).toEqual({
      error: 'the PDF was refused: not a plain .pdf file name'
    })
    for (const layout of ['letter', 'constructor', undefined, { widthMm: 1 }]) {
      expect(await invoke(DESKTOP_LABEL_CHANNELS.print, PAGE, sender, layout)).toEqual({ error: 'the labels were refused: not a known page layout' })
      expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, PAGE, sender, 'labels.pdf', layout)).toEqual({
        error: 'the labels were refused: not a known page layout'
      })
    }
    expect(sender.print).not.toHaveBeenCalled()
    sender.printToPDF.mockRejectedValueOnce(new Error('renderer gone'))
    expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, PAGE, sender, 'labels.pdf', 'roll')).toEqual({
      error: 'the labels could not be rendered as a PDF (renderer gone)'
    })
    expect(savePdf).not.toHaveBeenCalled()
  })

  it('is wired in the desktop app: the Save dialog over its window, starting in Documents; cancel writes nothing', async () => {
    const documents = await makeTempDir()
    app.paths.set('documents', documents)
    const desktop = await runDesktop(await makeTempDir())
    const frame = { origin: `http://127.0.0.1:${desktop.service?.port}`, parent: null }
    expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, frame, page(), 'labels.pdf', 'sheet')).toBeNull()
    expect(await readdir(documents)).toEqual([])
    const target = path.join(documents, 'labels.pdf')
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target })
    expect(await invoke(DESKTOP_LABEL_CHANNELS.pdf, frame, page(), 'labels-2026-03-01.pdf', 'sheet')).toEqual({ path: target })
    expect(dialog.showSaveDialog).toHaveBeenLastCalledWith(
      mainWindow(),
      expect.objectContaining({ defaultPath: path.join(documents, 'labels-2026-03-01.pdf'), filters: [{ name: 'PDF', extensions: ['pdf'] }] })
    )
    expect(new Uint8Array(await readFile(target))).toEqual(PDF)
  })
})
