// What the stand-in Electron executable of the packaging test runs (node run-as-node.mjs SCRIPT ARGS…). With
// ELECTRON_RUN_AS_NODE set, Electron is a plain Node that reads files inside app.asar (lib/node/init.ts of Electron
// wraps fs with its asar support in that mode): here the archive is extracted to a temporary folder and the script
// run from there with the same arguments. Without it, the real binary would open the window, which nothing here can.
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [script, ...args] = process.argv.slice(2)
if (!process.env.ELECTRON_RUN_AS_NODE) {
  console.log('stand-in for Electron: the window cannot be shown here')
  process.exit(0)
}
const inArchive = script?.indexOf(`.asar${path.sep}`) ?? -1
let entry = script
if (inArchive >= 0) {
  const asar = createRequire(import.meta.url)('@electron/asar')
  const extracted = mkdtempSync(path.join(os.tmpdir(), 'stand-in-asar-'))
  process.on('exit', () => rmSync(extracted, { recursive: true, force: true }))
  asar.extractAll(script.slice(0, inArchive + '.asar'.length), extracted)
  entry = path.join(extracted, script.slice(inArchive + '.asar/'.length))
}
process.argv = [process.argv[0], entry, ...args]
await import(pathToFileURL(entry).href)
