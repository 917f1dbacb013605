/**
 * Bundles a TypeScript entry and what it imports into one ES module that a
 * plain `node` child process runs: for tests that race several real processes
 * over the same source code (the built app in out/ does not expose it).
 */
import path from 'node:path'
import { build } from 'vite'

/** Writes the bundle of `entry` into `outDir` and returns its path. */
export async function bundleForNode(entry: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.resolve(import.meta.dirname, '../..'),
    build: { ssr: entry, outDir, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: '[name].mjs' } } }
  })
  return path.join(outDir, `${path.basename(entry, '.ts')}.mjs`)
}
