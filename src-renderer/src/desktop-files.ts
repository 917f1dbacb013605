/**
 * The desktop app's native file dialogs (window.plantStore.saveFile/openFile,
 * from the preload), or undefined in a browser, where Export downloads and
 * Import uses a file input.
 */
import type { DesktopFiles } from '#shared/desktop-bridge'

/** The native Save and Open dialogs, when this page runs in the desktop app. */
export function desktopFiles(win: Window = window): DesktopFiles | undefined {
  const bridge = win.plantStore
  if (typeof bridge?.saveFile !== 'function' || typeof bridge.openFile !== 'function') return undefined
  return { saveFile: bridge.saveFile, openFile: bridge.openFile }
}
