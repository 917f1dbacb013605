/**
 * The layering, checked (`npm run lint:deps`). Dependencies point one way:
 *
 *   src-renderer ─→ src-shared ←─ src-main/server ─→ src-main/store ─→ src-shared
 *
 * and only the entry points (src-main/cli.ts, the desktop app) wire the pieces
 * together. A violation fails with the rule's name and the offending import.
 * See docs/architecture.md.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-the-project',
      comment: 'src-shared runs in Node and in the browser alike: it may import only itself (and no Electron).',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: '^((src-main|src-renderer|test|bench|scripts)/|node_modules/electron/)' }
    },
    {
      name: 'shared-is-platform-free',
      comment: 'src-shared runs in the browser too: no node:* module.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { dependencyTypes: ['core'] }
    },
    {
      name: 'store-imports-only-shared',
      comment: 'The store knows nothing of HTTP, the desktop or the CLI: it may import only src-shared (and itself).',
      severity: 'error',
      from: { path: '^src-main/store/' },
      to: { path: '^(src-main|src-renderer)/', pathNot: '^src-main/store/' }
    },
    {
      name: 'server-never-imports-desktop-commands-or-electron',
      comment: 'The server runs headless (plant-store serve): no desktop, no CLI command, no Electron.',
      severity: 'error',
      from: { path: '^src-main/server/' },
      to: { path: '^(src-main/(desktop|commands)/|node_modules/electron/)' }
    },
    {
      name: 'renderer-imports-only-shared',
      comment: 'The UI talks to the API through the shared client: it may import only src-shared (and itself).',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^(src-main/|node_modules/electron/)' }
    },
    {
      name: 'only-the-cli-imports-commands',
      comment: "The commands are the CLI's: shared logic they need lives outside commands/ (e.g. src-main/config.ts).",
      severity: 'error',
      from: { path: '^src-', pathNot: '^src-main/(cli\\.ts|commands/)' },
      to: { path: '^src-main/commands/' }
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the load order matter and the layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true }
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing (a typo, a missing alias) fails here before it fails at run time.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist|node_modules)/' },
    tsPreCompilationDeps: true,
    // Aliases (#shared/…, #store/…) come from package.json "imports", which enhanced-resolve reads.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.vue', '.d.ts', '.json']
    },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
