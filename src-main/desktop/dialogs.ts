/**
 * The app's native message boxes. Their words come from plain modules
 * (start-recovery.ts, start-failure.ts) so the app and the CLI say the same.
 */
import { app, BrowserWindow, dialog, type IpcMain, type MessageBoxOptions } from 'electron'
import { serveFileDialogs, type FileDialogHandlers } from './bridge-ipc'
import { savePdfThroughDialog, serveLabelPrinting, type SavePdf } from './label-printing'
import { CHOICE_LABELS, type StartChoice, type StartFailure } from './start-recovery'
import { openThroughDialog, saveThroughDialog, type NativeFileDialogs } from './transfer-files'

function show(options: MessageBoxOptions, parent?: BrowserWindow) {
  return parent && !parent.isDestroyed() ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)
}

/**
 * Shows a refused start with one button per sensible choice and resolves with
 * the one taken. Escape (or closing the box) means Quit; Enter never restores.
 */
export async function askAboutStartFailure(failure: StartFailure): Promise<StartChoice> {
  const { choices } = failure
  const { response } = await show({
    type: 'error',
    title: 'Plant Store',
    message: failure.headline,
    detail: failure.detail,
    buttons: choices.map((choice) => CHOICE_LABELS[choice]),
    defaultId: Math.max(
      0,
      choices.findIndex((choice) => choice !== 'restore-latest')
    ),
    cancelId: choices.indexOf('quit'),
    noLink: true
  })
  return choices[response] ?? 'quit'
}

/** A message with an OK button. */
export async function tell(message: string, detail: string, kind: 'info' | 'error', parent?: BrowserWindow): Promise<void> {
  await show({ type: kind, title: 'Plant Store', message, detail, buttons: ['OK'], noLink: true }, parent)
}

/**
 * Says that the stop-time backup runs (the windows are closed by then, so a
 * box of its own); resolves when the person chooses to quit without waiting.
 */
export async function tellBackingUp(dir: string): Promise<void> {
  await show({
    type: 'info',
    title: 'Plant Store',
    message: 'Backing up before Plant Store closes…',
    detail:
      `The catalogue is being copied to ${dir}. On a USB stick or a network drive this can take a moment; Plant Store ` +
      'closes by itself when the copy is done. Quit now skips this backup: the catalogue itself is saved, and no half-written backup is kept.',
    buttons: ['Quit now'],
    noLink: true
  })
}

/** Asks to confirm something that replaces data; resolves true only for an explicit yes. */
export async function confirm(message: string, detail: string, yes: string, parent?: BrowserWindow): Promise<boolean> {
  const { response } = await show(
    { type: 'warning', title: 'Plant Store', message, detail, buttons: [yes, 'Cancel'], defaultId: 1, cancelId: 1, noLink: true },
    parent
  )
  return response === 0
}

/** Offers buttons and resolves with the index of the one taken; the first is the plain dismissal (Enter, Escape). */
export async function choose(message: string, detail: string, buttons: string[], parent?: BrowserWindow): Promise<number> {
  const { response } = await show({ type: 'info', title: 'Plant Store', message, detail, buttons, defaultId: 0, cancelId: 0, noLink: true }, parent)
  return response
}

/** Electron's Save and Open dialogs, each over `window()` while it is open. */
function boundDialogs(window: () => BrowserWindow | undefined): NativeFileDialogs {
  const parent = () => {
    const open = window()
    return open && !open.isDestroyed() ? open : undefined
  }
  return {
    showSaveDialog: (options) => {
      const over = parent()
      return over ? dialog.showSaveDialog(over, options) : dialog.showSaveDialog(options)
    },
    showOpenDialog: (options) => {
      const over = parent()
      return over ? dialog.showOpenDialog(over, options) : dialog.showOpenDialog(options)
    }
  }
}

/** Export's Save and Import's Open as native dialogs over `window()` (transfer-files.ts decides what they offer and do). */
export function nativeFileDialogs(window: () => BrowserWindow | undefined): FileDialogHandlers {
  const dialogs = boundDialogs(window)
  return { save: (name, data) => saveThroughDialog(dialogs, app.getPath('documents'), name, data), open: () => openThroughDialog(dialogs) }
}

/** Save as PDF of the labels: the native Save dialog over `window()`, starting in Documents (label-printing.ts). */
export function nativePdfSave(window: () => BrowserWindow | undefined): SavePdf {
  return (name, pdf) => savePdfThroughDialog(boundDialogs(window), app.getPath('documents'), name, pdf)
}

/** Serves the page's native dialogs over `window()`: Export's Save, Import's Open, and the labels' Print and Save as PDF. */
export function serveNativeDialogs(ipcMain: IpcMain, appOrigin: () => string | undefined, window: () => BrowserWindow | undefined): void {
  serveFileDialogs(ipcMain, appOrigin, nativeFileDialogs(window))
  serveLabelPrinting(ipcMain, appOrigin, nativePdfSave(window))
}

/** What Help → About shows. */
export interface AboutFacts {
  version: string
  dataDir: string
  apiBaseUrl: string | undefined
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>
}

/** The About box's text. */
export function aboutDetail(facts: AboutFacts): string {
  const runtime = (['electron', 'chrome', 'node'] as const)
    .filter((name) => facts.versions[name] !== undefined)
    .map((name) => `${name[0]?.toUpperCase()}${name.slice(1)} ${facts.versions[name] ?? ''}`)
    .join(', ')
  return [
    `Data folder: ${facts.dataDir}`,
    `API address: ${facts.apiBaseUrl ?? 'not running'}`,
    'Scripts find the address in server.json in the data folder and the token with `plant-store token` (Help → Install Command-Line Tool).',
    ...(runtime ? [`Runtime: ${runtime}`] : [])
  ].join('\n')
}
