import { defineConfig } from 'vitest/config'

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['test/{unit,api,process}/**/*.test.ts'],
    setupFiles: ['test/_setup/isolate-home.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000
  }
})
