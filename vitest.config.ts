import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

/**
 * `npm test`: four projects (docs/architecture.md, "Tests"). `npx vitest run --project api-socket` runs one.
 * - unit, api, api-socket: in worker threads, on every core; they start no process of their own (a few spawn one).
 * - process: the real `plant-store serve` and CLI in child processes, so each test file already keeps a core
 *   busy; two forks at a time, after the others (vitest runs projects with different worker counts in turn).
 * api and api-socket run the same files (test/api), in-process and over a real socket: one suite, two transports.
 * The tooling checks (build config, packaging, dependency rules) run in `npm run lint` (vitest.tooling.config.ts);
 * the browser tests in `npm run test:e2e`.
 */
export default defineConfig({
  // Compiles .vue files for the UI's component tests (test/unit/ui, run in happy-dom).
  plugins: [vue()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    setupFiles: ['test/_setup/isolate-home.ts'],
    // Process tests run the build in out/: rebuilt first whenever a source is newer than it.
    globalSetup: ['test/_setup/isolate-home.ts', 'test/_setup/fresh-build.ts'],
    // A timeout only ends a test that hangs; never a measure of speed (that is `npm run bench`).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a test waits for (expect.poll) comes when it comes on a busy machine; the cap only ends a test that hangs.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], pool: 'threads', maxWorkers: '100%' }
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          // Tests of the socket itself (raw bytes, connections) have no in-process form.
          exclude: ['test/api/socket/**'],
          pool: 'threads',
          maxWorkers: '100%',
          provide: { transport: 'in-process' }
        }
      },
      {
        extends: true,
        test: { name: 'api-socket', include: ['test/api/**/*.test.ts'], pool: 'threads', maxWorkers: '100%', provide: { transport: 'socket' } }
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: ['test/process/**/*.test.ts'],
          pool: 'forks',
          maxWorkers: 2,
          // Runs after the thread projects: it cannot share their group, whose worker count follows the cores.
          sequence: { groupOrder: 1 },
          // Server starts, kill -9 rounds and CLI runs take seconds each, many more on a loaded machine.
          testTimeout: 120_000,
          hookTimeout: 60_000
        }
      }
    ]
  }
})
