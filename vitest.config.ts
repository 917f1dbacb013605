import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

/**
 * What the `windows` project runs again under Windows' file-system rules: the store's unit tests, and the process
 * tests of everything that writes a file (catalogue, journal, backups, token, settings, server.json, exports). Left
 * out: tests of POSIX owners and modes, which Windows does not have (data-folder-trust, the StrictModes checks), of
 * Linux-only facts (/proc, signals), and of tests that count the renames of a file system they inject themselves.
 */
const WINDOWS_SEMANTICS_TESTS = [
  'test/unit/{backups,catalogue-file,data-file,group-commit,history-log-format,idempotency-keys,journal,journal-pile}.test.ts',
  'test/unit/{lock,lock-takeover,migrate,plant-store,plant-versions,restore,sales-report,store-open-close}.test.ts',
  'test/unit/{named-tokens,token,offsite-backup,offsite-backup-prune,transfer-sliced,windows-semantics}.test.ts',
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
    globalSetup: ['test/_setup/fresh-build.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'main', include: ['test/{unit,api,process}/**/*.test.ts'] } },
      {
        // The store's tests and the process tests that write files, once more with Windows' file-system rules and
        // the app's platform set to win32 (test/_setup/windows/): a folder fsync refused, renames over open or
        // just-written files refused for a moment, no POSIX modes, device names. docs/desktop.md says what a real
        // Windows runner would run instead.
        extends: true,
        test: { name: 'windows', include: WINDOWS_SEMANTICS_TESTS, setupFiles: ['test/_setup/windows/in-process.ts'] }
      }
    ]
  }
})
