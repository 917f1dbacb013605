// `node --import ./preload.mjs …`: a child process (plant-store serve, the CLI) with Windows' file-system rules
// (windows-fs.mjs) and the app's platform set to win32 (src-main/lib/platform.ts) before the app loads. The
// Windows test project passes it to every child through NODE_OPTIONS (in-process.ts).
// fs.constants cannot be replaced in a running Node (a read-only property), so children keep Linux's open flags;
// the in-process project has Windows' (in-process.ts).
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { windowsFileSystem } from './windows-fs.mjs'

// Copies of the real functions, taken before the modules are patched, so the rules call through to them.
const windows = windowsFileSystem({ fs: { ...fs }, fsp: { ...fs.promises } })
Object.assign(fs.promises, windows.promises)
Object.assign(fs, windows.sync)
// Named imports of node:fs and node:fs/promises (`import { rename } from …`) see the replacements only after this.
syncBuiltinESMExports()
globalThis[Symbol.for('plant-store.emulated-platform')] = 'win32'
