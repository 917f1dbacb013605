import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { WINDOWS_SEMANTICS_TESTS } from './test/_setup/windows/test-list'

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
