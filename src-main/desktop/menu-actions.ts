/**
 * What the menu's items do. Each reuses the code the CLI runs (backup-now.ts,
 * store/restore.ts, the OpenAPI document), so the app adds no second way of
 * doing the same thing.
 */
import os from 'node:os'
import { clipboard, dialog, shell, type BrowserWindow } from 'electron'
import { plantCountText } from '#shared/words'
import { backUpNow, backupsDir, restoreFromBackup } from '#store'
import { cliEntry } from '#app/paths'
import { hostPlatform } from '#lib/platform'
import { createOpenApiDocument } from '#server'
import type { LocalService } from '#app/service'
import { describeStartFailure } from '#app/start-failure'
import { DataFileError } from '#store/errors'
import { renderApiReference } from './api-reference'
import { describeInstalled, installLauncher } from './cli-launcher'
import { aboutDetail, choose, confirm, tell } from './dialogs'
import type { MenuActions } from './menu'
import { focusWindow, openDocumentWindow } from './window'

/** The parts of the running app the actions use (DesktopApp). */
export interface ActionContext {
  readonly dataDir: string
  readonly version: string
  readonly service: LocalService | undefined
  readonly window: BrowserWindow | undefined
  restartService<T>(action: () => Promise<T>): Promise<T>
}

/** A failure in words a person can act on. */
function reason(error: unknown): string {
  // A chosen backup that is no catalogue is not a refused start: say what is wrong with the file itself.
  if (error instanceof DataFileError) return `${error.file} is not a usable catalogue: ${error.problem}.`
  return describeStartFailure(error) ?? (error instanceof Error ? error.message : String(error))
}

/** Runs a menu action's dialogs and work in the background; a failure there is logged, never an unhandled rejection. */
function inBackground(task: () => Promise<unknown>): void {
  task().catch((error: unknown) => console.error('A Plant Store menu action failed:', error))
}

/** The menu's actions over `context`. */
export function createMenuActions(context: ActionContext): MenuActions {
  let reference: BrowserWindow | undefined
  const parent = () => context.window
  // clipboard.writeText returns a promise since Electron 44: a copy that failed must say so, not pass for done.
  const copy = (what: string, text: () => string) =>
    inBackground(async () => {
      try {
        await clipboard.writeText(text())
      } catch (error) {
        await tell(
          `The ${what} was not copied.`,
          `The clipboard refused it: ${error instanceof Error ? error.message : String(error)}`,
          'error',
          parent()
        )
      }
    })
  return {
    openDataFolder() {
      inBackground(async () => {
        const problem = await shell.openPath(context.dataDir)
        if (problem) await tell('The data folder could not be opened.', `${context.dataDir}: ${problem}`, 'error', parent())
      })
    },

    backUpNow() {
      inBackground(async () => {
        try {
          const made = await backUpNow(context.dataDir)
          if (!made) return await tell('There is nothing to back up yet.', `No catalogue in ${context.dataDir}.`, 'info', parent())
          const answer = await choose(`Backed up ${plantCountText(made)}.`, made.file, ['OK', 'Show in Folder'], parent())
          if (answer === 1) shell.showItemInFolder(made.file)
        } catch (error) {
          await tell('The backup was not made.', reason(error), 'error', parent())
        }
      })
    },

    restoreFromBackup() {
      inBackground(async () => {
        const window = parent()
        const options = {
          title: 'Restore from backup',
          defaultPath: backupsDir(context.dataDir),
          filters: [{ name: 'Plant Store backups', extensions: ['json'] }],
          properties: ['openFile' as const]
        }
        const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options)
        const file = picked.filePaths[0]
        if (picked.canceled || file === undefined) return
        const sure = await confirm(
          'Replace the catalogue with this backup?',
          `${file}\n\nChanges made since this backup are replaced; the current catalogue is kept aside as plants.json.replaced-<time>. ` +
            'The API stops for a moment while the backup is put back.',
          'Restore',
          window
        )
        if (!sure) return
        try {
          const result = await context.restartService(() => restoreFromBackup(context.dataDir, file, { by: 'app' }))
          const aside = result.keptAside ? ` The previous catalogue was kept as ${result.keptAside}.` : ''
          await tell('Backup restored.', `Restored ${plantCountText(result)} from ${file}.${aside}`, 'info', parent())
        } catch (error) {
          await tell('The backup was not restored.', `${reason(error)}\n\nThe catalogue was left as it was.`, 'error', parent())
        }
      })
    },

    copyApiAddress() {
      const service = context.service
      if (service) copy('API address', () => service.baseUrl)
    },

    copyApiToken() {
      const service = context.service
      if (service) copy('API token', () => service.token())
    },

    showApiReference() {
      if (reference && !reference.isDestroyed()) return focusWindow(reference)
      const apiBaseUrl = context.service?.baseUrl ?? 'http://127.0.0.1:7420/v3'
      reference = openDocumentWindow('Plant Store API reference', renderApiReference(createOpenApiDocument(), apiBaseUrl), parent())
    },

    installCommandLineTool() {
      inBackground(async () => {
        const target = { platform: hostPlatform(), execPath: process.execPath, cliPath: cliEntry(), env: process.env, home: os.homedir() }
        try {
          const installed = await installLauncher(target)
          await tell('The plant-store command is installed.', describeInstalled(installed, target.platform), 'info', parent())
        } catch (error) {
          await tell('The command-line tool was not installed.', reason(error), 'error', parent())
        }
      })
    },

    showAbout() {
      const detail = aboutDetail({
        version: context.version,
        dataDir: context.dataDir,
        apiBaseUrl: context.service?.baseUrl,
        versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node }
      })
      inBackground(() => tell(`Plant Store ${context.version}`, detail, 'info', parent()))
    }
  }
}
