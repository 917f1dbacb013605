import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

/**
 * `npm test`: five projects (docs/architecture.md, "Tests"). `npx vitest run --project api-socket` runs one.
 * - unit, api, api-socket: in worker threads, on every core; they start no process of their own (a few spawn one).
 * - process: the real `plant-store serve` and CLI in child processes, so each test file already keeps a core
 *   busy; two forks at a time, after the others (vitest runs projects with different worker counts in turn).
 * - windows: the store's and the file-writing process tests again under Windows' file-system rules, in forks too.
 * api and api-socket run the same files (test/api), in-process and over a real socket: one suite, two transports.
 * The tooling checks (build config, packaging, dependency rules) run in `npm run lint` (vitest.tooling.config.ts);
 * the browser tests in `npm run test:e2e`.
 */

/**
 * What the `windows` project runs again under Windows' file-system rules: the store's unit tests, and the process
 * tests of everything that writes a file (catalogue, journal, backups, token, settings, server.json, exports). Left
 * out: tests of POSIX owners and modes, which Windows does not have (data-folder-trust, the StrictModes checks), of
 * Linux-only facts (/proc, signals), and of tests that count the renames of a file system they inject themselves.
 */
const WINDOWS_SEMANTICS_TESTS = [
  'test/unit/{backups,catalogue-file,data-file,group-commit,history-log-format,idempotency-keys,journal,journal-pile}.test.ts',
  'test/unit/{lock,lock-takeover,migrate,shop-store,plant-versions,restore,sales-report,store-open-close}.test.ts',
  'test/unit/{named-tokens,token,offsite-backup,offsite-backup-prune,transfer-sliced,windows-semantics,data-folder-move}.test.ts',
  'test/process/{serve,data-safety,export-out-file,token-rotation,transfer-cli,leftovers,restore-after-crash}.test.ts',
  'test/process/{offsite-backup,ids-and-journal,cli-stop-and-folder,config-before-first-start}.test.ts'
]

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
      },
      {
        // The store's tests and the process tests that write files, once more with Windows' file-system rules and
        // the app's platform set to win32 (test/_setup/windows/): a folder fsync refused, renames over open or
        // just-written files refused for a moment, no POSIX modes, device names. docs/desktop.md says what a real
        // Windows runner would run instead. In forks beside the process project: it starts servers and CLIs too.
        extends: true,
        test: {
          name: 'windows',
          include: WINDOWS_SEMANTICS_TESTS,
          setupFiles: ['test/_setup/windows/in-process.ts'],
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 60_000
        }
      }
    ]
  }
})
