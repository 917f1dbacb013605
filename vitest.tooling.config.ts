import { defineConfig } from 'vitest/config'

/**
 * `npm run lint:tooling` (part of `npm run lint`): checks of how the project is built and checked, not of what it
 * does: electron-builder's config and a real `--linux dir` pack, the Electron download helper, the dependency rules
 * firing, the Node versions promised, the import-alias rewriter, the fresh-build guard. Kept out of `npm test`.
 */
export default defineConfig({
  test: {
    name: 'tooling',
    include: ['test/tooling/**/*.test.ts'],
    setupFiles: ['test/_setup/isolate-home.ts'],
    // The packaging test packs the build in out/: rebuilt first whenever a source is newer than it.
    globalSetup: ['test/_setup/isolate-home.ts', 'test/_setup/fresh-build.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 15_000, interval: 50 } }
  }
})
