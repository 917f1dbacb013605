/**
 * Entry of the desktop app's main process: finds its built files and hands
 * over to DesktopApp (desktop/desktop-app.ts). Everything it starts is plain
 * Node shared with `plant-store serve` (service.ts).
 */
import { fileURLToPath } from 'node:url'
import { app } from 'electron'
import { DesktopApp } from '#desktop/desktop-app'
import { asksToQuit } from '#desktop/quit-request'
import { settleDefaultDataFolder } from '#app/data-folder-move'
import { uiDir } from '#app/paths'

// Relative to this entry file (out/main/index.js), never to a chunk: the bundler keeps the entry where it is.
const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url))
// electron-vite sets this for `electron-vite dev` only; a packaged app never loads a dev server.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL || undefined : undefined

// Windows: a data folder earlier versions kept in roaming %APPDATA% moves to %LOCALAPPDATA% first (data-folder-move.ts).
// Awaited here, at the top level: Electron emits 'ready' only once this module has run, top-level awaits included
// (electronjs.org/docs/latest/tutorial/esm), and DesktopApp must set its paths before that. The installer's --quit
// launch only hands over a message: it moves nothing.
if (!asksToQuit(process.argv)) await settleDefaultDataFolder()

// Ctrl+C, SIGTERM and SIGHUP quit the same careful way as File → Quit; DesktopApp listens for them once the
// app is ready (see run()): a listener added here, before Electron installs its own handlers, would never hear them.
// A computer never set up opens on the first-run screen: the shop's main computer, or a till connecting to it.
new DesktopApp({ env: process.env, version: __APP_VERSION__, preload, uiDir: uiDir(), devServerUrl, offerFirstRun: true })
  .run()
  .catch((error: unknown) => {
    // run() shows its own failures in a dialog; this is the last resort if even that failed.
    console.error('Plant Store could not start:', error)
    app.exit(1)
  })
