/** Types of windows-fs.mjs (plain JS: the child processes load it before the app, in plain Node); keep the two in step. */
import type * as fs from 'node:fs'
import type * as fsp from 'node:fs/promises'

export const SCANNER_HOLDS: number

export function windowsNameProblem(name: string): string | undefined

export interface WindowsCounters {
  refusedDirectorySyncs: number
  refusedRenames: number
  refusedNames: number
}

export function windowsFileSystem(real: { fs: typeof fs; fsp: typeof fsp }): {
  promises: Pick<typeof fsp, 'open' | 'rename' | 'readFile' | 'writeFile' | 'mkdir' | 'link' | 'stat' | 'lstat' | 'chmod'>
  sync: Pick<typeof fs, 'statSync' | 'lstatSync' | 'mkdirSync' | 'writeFileSync'>
  constants: typeof fs.constants
  counters: WindowsCounters
}
