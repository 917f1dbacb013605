/** The package version, injected at build time (electron.vite.config.ts). */
declare const __APP_VERSION__: string
