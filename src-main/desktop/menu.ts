/**
 * The application menu as a template: plain data plus the actions to run, so
 * its content is tested without Electron (Menu.buildFromTemplate takes it).
 */
import type { MenuItemConstructorOptions } from 'electron'

/** What the menu's own items do (roles cover quit, reload, zoom and editing). */
export interface MenuActions {
  openDataFolder(): void
  backUpNow(): void
  restoreFromBackup(): void
  copyApiAddress(): void
  copyApiToken(): void
  showApiReference(): void
  installCommandLineTool(): void
  showAbout(): void
}

/** How the menu differs between systems and builds. */
export interface MenuOptions {
  platform: NodeJS.Platform
  /** Offer the developer tools (not in a packaged app). */
  devTools: boolean
}

/** The menu's template. */
export function menuTemplate(actions: MenuActions, options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Data Folder', click: () => actions.openDataFolder() },
      { type: 'separator' },
      { label: 'Back Up Now', click: () => actions.backUpNow() },
      { label: 'Restore from Backup…', click: () => actions.restoreFromBackup() },
      { type: 'separator' },
      { label: 'Copy API Address', click: () => actions.copyApiAddress() },
      { label: 'Copy API Token', click: () => actions.copyApiToken() },
      // On macOS Quit lives in the application menu, and File closes the window (⌘W) as in every Mac app.
      ...(isMac
        ? [{ type: 'separator' } as const, { role: 'close' } as const]
        : [{ type: 'separator' } as const, { label: 'Quit', role: 'quit', accelerator: 'CmdOrCtrl+Q' } as const])
    ]
  }
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      // The role's own shortcut is Ctrl+Plus, which on most keyboards means Ctrl+Shift+=; people press Ctrl+=.
      // Hidden items keep their shortcuts (always on Windows and Linux; on macOS by acceleratorWorksWhenHidden's default).
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+=', visible: false },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' }
    ]
  }
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: 'API Reference', click: () => actions.showApiReference() },
      { label: 'Install Command-Line Tool…', click: () => actions.installCommandLineTool() },
      { label: 'About Plant Store', click: () => actions.showAbout() }
    ]
  }
  // The Edit menu carries copy and paste into the form fields (on macOS the shortcuts work only through it); macOS
  // also expects a Window menu (Minimize ⌘M, Zoom, Bring All to Front: Electron's windowMenu role).
  const window = isMac ? [{ role: 'windowMenu' } as const] : []
  return [...(isMac ? [{ role: 'appMenu' } as const] : []), file, { role: 'editMenu' }, view, ...window, help]
}
