/** The one Windows file system of a test file, shared by its node:fs and node:fs/promises mocks (in-process.ts). */
import { vi } from 'vitest'
import { windowsFileSystem } from './windows-fs.mjs'

const fs = await vi.importActual<typeof import('node:fs')>('node:fs')
const fsp = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')

/** Windows' rules over the real file system, with counters a test can read. */
export const windows = windowsFileSystem({ fs, fsp })
