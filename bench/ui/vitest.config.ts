import { defineConfig } from 'vitest/config'

/**
 * `npm run bench:ui`: the staff UI's timings at 10,000 plants, in Chromium against a real server
 * (bench/ui/catalogue-timing.test.ts). Measured and reported, never asserted; docs/performance.md keeps the table.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['bench/ui/**/*.test.ts'],
    setupFiles: ['test/_setup/isolate-home.ts'],
    globalSetup: ['test/_setup/isolate-home.ts', 'test/_setup/fresh-build.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000
  }
})
