import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Compiles .vue files for the UI's component tests (test/unit/ui, run in happy-dom).
  plugins: [vue()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['test/{unit,api,process}/**/*.test.ts'],
    setupFiles: ['test/_setup/isolate-home.ts'],
    // Process tests run the build in out/: rebuilt first whenever a source is newer than it.
    globalSetup: ['test/_setup/fresh-build.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000
  }
})
