/**
 * Setup of the `windows` test project (vitest.config.ts): every test file of it
 * runs with Windows' file-system rules (windows-fs.mjs) in place of node:fs and
 * node:fs/promises, for the test's own calls and the app's alike, and with the
 * app's platform set to win32 (src-main/lib/platform.ts). Child processes the
 * tests start (plant-store serve, the CLI) load the same rules through
 * NODE_OPTIONS (preload.mjs). Scoped by vitest's module mocks and per-file
 * isolation: nothing here touches process.platform or the built-in modules of
 * the runner itself. On a real Windows machine (a windows-latest CI job) it
 * emulates nothing: the same tests then meet Windows itself.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, vi } from 'vitest'

/** Windows itself runs the tests: nothing to emulate. */
const NATIVE = process.platform === 'win32'

vi.mock('node:fs', async () => {
  const real = await vi.importActual<typeof import('node:fs')>('node:fs')
  if (process.platform === 'win32') return real
  const { windows } = await import('./shared-rules')
  const promises = { ...real.promises, ...windows.promises }
  const module = { ...real, ...windows.sync, constants: windows.constants, promises }
  return { ...module, default: module }
})

vi.mock('node:fs/promises', async () => {
  const real = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')
  if (process.platform === 'win32') return real
  const { windows } = await import('./shared-rules')
  const module = { ...real, ...windows.promises, constants: windows.constants }
  return { ...module, default: module }
})

const EMULATED_PLATFORM = Symbol.for('plant-store.emulated-platform')
const globals = globalThis as Record<symbol, unknown>
const PRELOAD = `--import=${JSON.stringify(fileURLToPath(new URL('./preload.mjs', import.meta.url)))}`
const nodeOptions = process.env.NODE_OPTIONS
if (!NATIVE) {
  globals[EMULATED_PLATFORM] = 'win32'
  process.env.NODE_OPTIONS = [nodeOptions, PRELOAD].filter(Boolean).join(' ')
}

afterAll(() => {
  delete globals[EMULATED_PLATFORM]
  if (nodeOptions === undefined) delete process.env.NODE_OPTIONS
  else process.env.NODE_OPTIONS = nodeOptions
})
