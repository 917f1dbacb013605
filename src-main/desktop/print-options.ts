/**
 * What the desktop app hands Electron to print a layout (src-shared/print-layouts.ts):
 * the layout's paper size and no margins, for the print dialog (webContents.print,
 * sizes in microns) and for Save as PDF (printToPDF, sizes in inches); and what
 * a failed print means in words. Plain data: tested without Electron.
 */
import { PRINT_LAYOUTS, type PrintLayout } from '#shared/print-layouts'

const MICRONS_PER_MM = 1000
const MM_PER_INCH = 25.4

/** The options of webContents.print for `layout`: the native dialog, its paper size, no margins (the CSS places everything). */
export function printOptions(layout: PrintLayout) {
  const page = PRINT_LAYOUTS[layout]
  return {
    silent: false,
    printBackground: true,
    margins: { marginType: 'none' as const },
    // Electron's print takes a custom size in microns (lib/browser/api/web-contents.ts), at least 353 each way.
    pageSize: { width: page.widthMm * MICRONS_PER_MM, height: page.heightMm * MICRONS_PER_MM }
  }
}

/** The options of webContents.printToPDF for `layout`: its paper size in inches, no margins, the page's CSS size first. */
export function pdfOptions(layout: PrintLayout) {
  const page = PRINT_LAYOUTS[layout]
  return {
    printBackground: true,
    preferCSSPageSize: true,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    pageSize: { width: page.widthMm / MM_PER_INCH, height: page.heightMm / MM_PER_INCH }
  }
}

/**
 * A failed print in words a person can act on. With no printer installed, Electron fails before any dialog: today
 * with "No printers available on the network" (or "Failed to enumerate printers" when the system's list cannot be
 * read), before 2022 with "no valid printers available" (shell/browser/api/electron_api_web_contents.cc,
 * GetDeviceNameToUse); both spellings are matched, as a packaged app may run either.
 */
export function printFailureText(reason: string): string {
  if (/no valid printers|no printers available/i.test(reason)) return 'No printer is set up on this computer — use Save as PDF'
  if (/failed to enumerate printers/i.test(reason))
    return "This computer's list of printers could not be read — check that its printing service runs, or use Save as PDF"
  return `the labels could not be printed (${reason || 'unknown reason'})`
}
