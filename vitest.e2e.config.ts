import { defineConfig } from 'vitest/config'

/**
 * End-to-end tests: the built UI in Debian's Chromium (playwright-core, no
 * bundled browser) against a real `plant-store serve`. Run with
 * `npm run test:e2e`; kept out of `npm test`, which must run without a browser.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    setupFiles: ['test/_setup/isolate-home.ts'],
    // The tests run the build in out/: rebuilt first whenever a source is newer than it.
    globalSetup: ['test/_setup/isolate-home.ts', 'test/_setup/fresh-build.ts'],
    // One browser at a time: the timings are measured, and the machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
