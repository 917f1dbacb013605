import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const define = { __APP_VERSION__: JSON.stringify(version) }
/**
 * Rolldown's [PLUGIN_TIMINGS] block (which plugin took how long) printed on every build where vite:vue is most of a
 * build of a few seconds: ten lines of noise for someone running `npm install` or `npm run serve`. A build to profile
 * can use `node --cpu-prof` instead.
 */
const checks = { bundlerTimings: false }

/**
 * The server, the store and their dependencies (bundled, not loaded from node_modules one file at a time) in one
 * chunk that `plant-store serve` loads with cli.js; export/import and its CSV code in another, loaded on first use.
 * The Electron-only code stays with index.js (left to the bundler), so the CLI never loads Electron, and each entry
 * stays in its own file: the CLI's awaits at its top level would otherwise hold every later import of the chunk.
 */
function serverChunk(id: string): string | undefined {
  if (/[\\/]src-main[\\/](desktop|main)[\\/]|[\\/]src-main[\\/]cli[\\/]entry\.ts$/.test(id)) return undefined
  if (/[\\/](src-main[\\/]transfer|node_modules[\\/]csv-(parse|stringify))[\\/]/.test(id)) return 'transfer'
  return 'server'
}

// Our folders are not electron-vite's defaults (src/main, …), so every entry is explicit.
export default defineConfig({
  main: {
    define,
    build: {
      outDir: 'out/main',
      // Dependencies bundled: resolving and reading h3, srvx, lowdb, … file by file was a fifth of the start-up.
      externalizeDeps: false,
      rollupOptions: {
        input: {
          index: resolve('src-main/main/index.ts'),
          cli: resolve('src-main/cli/entry.ts')
        },
        output: { manualChunks: serverChunk },
        // The X.509 library that makes the LAN listener's certificate (once per data folder) is several times the size
        // of the server: left in node_modules and imported only to make one, never at start.
        external: ['selfsigned'],
        checks
      }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src-main/main/preload.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
        checks
      }
    }
  },
  renderer: {
    root: 'src-renderer',
    define,
    plugins: [vue()],
    // `electron-vite dev`: the page comes from this dev server, so /v3 is proxied to the desktop app's API and stays
    // same-origin. The API refuses foreign Host and Origin headers: the proxy sends its own Host and drops Origin.
    server: {
      proxy: {
        '/v3': {
          target: `http://127.0.0.1:${process.env.PLANT_STORE_PORT || 7420}`,
          changeOrigin: true,
          configure: (proxy) => proxy.on('proxyReq', (request) => request.removeHeader('origin'))
        }
      }
    },
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves renderer code unminified; the UI is also served to browsers, so ship it small.
      minify: true,
      rollupOptions: { input: { index: resolve('src-renderer/index.html') }, checks }
    }
  }
})
