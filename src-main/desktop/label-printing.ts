/**
 * Label printing in the desktop app: the native print dialog of the page, and
 * Save as PDF (the page rendered by printToPDF in print media, so the labels'
 * print CSS lays it out, then the native Save dialog, then an atomic write).
 * Plain code: the page's webContents and the Save dialog come in as
 * interfaces (dialogs.ts passes Electron's), so tests drive it with stand-ins.
 */
import path from 'node:path'
import type { IpcMain } from 'electron'
import { DESKTOP_LABEL_CHANNELS, type SavedFile } from '#shared/desktop-bridge'
import { isPrintLayout, type PrintLayout } from '#shared/print-layouts'
import { isAppFrame } from './bridge-ipc'
import { pdfOptions, printFailureText, printOptions } from './print-options'
import { isPlainName, writeThroughSaveDialog, type NativeFileDialogs } from './transfer-files'

/** What is used of the sender's webContents (Electron's signatures). */
export interface PrintablePage {
  print(options: ReturnType<typeof printOptions>, callback: (success: boolean, failureReason: string) => void): void
  printToPDF(options: ReturnType<typeof pdfOptions>): Promise<Uint8Array>
}

/** Saves a rendered PDF through the Save dialog (dialogs.ts: over the app's window, starting in Documents). */
export type SavePdf = (name: string, pdf: Uint8Array) => Promise<SavedFile | null>

/** A name the Save dialog may suggest: one plain file name ending in .pdf. */
const PDF_NAME = /^[^\\/:*?"<>|\u0000-\u001f]{1,100}\.pdf$/i

/** The page's suggested PDF name when acceptable, else undefined. */
export function readPdfName(name: unknown): string | undefined {
  return isPlainName(name, PDF_NAME) ? name : undefined
}

/** Opens the native print dialog for `page` on `layout`'s paper; null once printed or cancelled, else why it failed. */
export function printPage(page: PrintablePage, layout: PrintLayout): Promise<{ error: string } | null> {
  return new Promise((resolve) => {
    page.print(printOptions(layout), (success, reason) => {
      resolve(success || /cancel/i.test(reason) ? null : { error: printFailureText(reason) })
    })
  })
}

/** Says that the page asked for a layout this app does not have (nothing is printed or rendered). */
const UNKNOWN_LAYOUT = { error: 'the labels were refused: not a known page layout' }

/** Shows the Save dialog for a PDF offering `name` in `defaultDir` and writes `pdf` there (temp, fsync, rename); null when cancelled. */
export function savePdfThroughDialog(
  dialogs: Pick<NativeFileDialogs, 'showSaveDialog'>,
  defaultDir: string,
  name: string,
  pdf: Uint8Array
): Promise<SavedFile | null> {
  const filters = [{ name: 'PDF', extensions: ['pdf'] }]
  return writeThroughSaveDialog(dialogs, { title: 'Save labels as PDF', defaultPath: path.join(defaultDir, name), filters }, pdf)
}

/**
 * Answers the page's Print and Save as PDF, for the app's own page only (any
 * other sender gets null: no dialog, nothing rendered or written). Both act on
 * the sender's own webContents.
 */
export function serveLabelPrinting(ipcMain: IpcMain, appOrigin: () => string | undefined, savePdf: SavePdf): void {
  ipcMain.handle(DESKTOP_LABEL_CHANNELS.print, async (event, layout: unknown) => {
    if (!isAppFrame(event.senderFrame, appOrigin())) return null
    return isPrintLayout(layout) ? printPage(event.sender as unknown as PrintablePage, layout) : UNKNOWN_LAYOUT
  })
  ipcMain.handle(DESKTOP_LABEL_CHANNELS.pdf, async (event, name: unknown, layout: unknown) => {
    if (!isAppFrame(event.senderFrame, appOrigin())) return null
    const fileName = readPdfName(name)
    if (fileName === undefined) return { error: 'the PDF was refused: not a plain .pdf file name' }
    if (!isPrintLayout(layout)) return UNKNOWN_LAYOUT
    try {
      const pdf = await (event.sender as unknown as PrintablePage).printToPDF(pdfOptions(layout))
      return await savePdf(fileName, pdf)
    } catch (error) {
      return { error: `the labels could not be rendered as a PDF (${(error as Error).message})` }
    }
  })
}
