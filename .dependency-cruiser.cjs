/**
 * The layering, checked (`npm run lint:deps`). Each folder of src-main is a layer; arrows point down only:
 *
 *   main ─→ desktop ─┐
 *           cli ─────┴─→ app ─→ till ─┐   (till: a paired till, the LAN listener, first run; beside the server)
 *                        └────────────┴─→ server ─→ {auth, settings, transfer, backup-folder} ─→ store ─→ lib
 *                                                                                            ↘  src-shared (below all)
 *   src-renderer ─→ src-shared
 *
 * (backup-folder also reads settings; till reads the store, auth and settings too; cli also reaches the server and
 * the till for its own commands, `pair` and `config`.) Above them, the store and the server are used through their
 * index only (`#store`, `#server`). src-shared and src-renderer run in the browser: no Node module, nor the server's
 * packages (h3, lowdb); the renderer imports no test code. Every rule below is one arrow that must not exist; a
 * violation fails with the rule's name and the offending import. `test/tooling/dependency-rules.test.ts` adds each
 * forbidden import to a scratch copy of the tree and checks that its rule fires. See docs/architecture.md.
 */
const LAYER = (name) => `^src-main/${name}/`
const ELECTRON = '^node_modules/electron/'

/** A rule forbidding `from` to import any of `folders` (each a src-main layer) or Electron. */
function below(name, from, folders, comment, electron = true) {
  const targets = folders.map((folder) => `src-main/${folder}/`).join('|')
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: electron ? `^(${targets})|${ELECTRON}` : `^(${targets})` }
  }
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-the-project',
      comment: 'src-shared runs in Node and in the browser alike: it may import only itself (and no Electron).',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: `^((src-main|src-renderer|test|bench|scripts)/)|${ELECTRON}` }
    },
    {
      name: 'shared-is-platform-free',
      comment: 'src-shared runs in the browser too: no node:* module.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { dependencyTypes: ['core'] }
    },
    {
      name: 'renderer-is-platform-free',
      comment: 'The renderer runs in the browser (sandboxed, no Node integration): no node:* module.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { dependencyTypes: ['core'] }
    },
    {
      name: 'shared-and-renderer-use-no-server-packages',
      comment: "The server's packages (h3 for HTTP, lowdb for the data file) belong to src-main: the browser code imports neither.",
      severity: 'error',
      from: { path: '^src-(shared|renderer)/' },
      to: { path: '^node_modules/(h3|lowdb)/' }
    },
    {
      name: 'renderer-imports-no-test-code',
      comment: 'Test helpers, fixtures and fakes (test/) never ship in the UI.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^test/' }
    },
    {
      name: 'renderer-imports-only-shared',
      comment: 'The UI talks to the API through the shared client: it may import only src-shared (and itself).',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: `^(src-main/)|${ELECTRON}` }
    },
    {
      name: 'lib-is-domain-free',
      comment:
        'lib/ holds plain Node helpers (durable files, locks, errno words): it imports no other layer, ' +
        'only the one base of every error (src-shared/app-error.ts), which is domain-free too.',
      severity: 'error',
      from: { path: LAYER('lib') },
      to: { path: `^(src-main/(?!lib/)|src-shared/(?!app-error\\.ts$)|src-renderer/)|${ELECTRON}` }
    },
    {
      name: 'store-imports-only-lib-and-shared',
      comment: 'The store knows nothing of HTTP, settings, tokens, the desktop or the CLI.',
      severity: 'error',
      from: { path: LAYER('store') },
      to: { path: `^(src-main/(?!(store|lib)/)|src-renderer/)|${ELECTRON}` }
    },
    {
      name: 'others-use-the-store-through-its-index',
      comment: "Above the store, import '#store' (index.ts) or '#store/errors' only, never a file inside it.",
      severity: 'error',
      from: { path: '^src-main/', pathNot: LAYER('store') },
      to: { path: LAYER('store'), pathNot: '^src-main/store/(index|errors)\\.ts$' }
    },
    {
      name: 'others-use-the-server-through-its-index',
      comment: "The server's public surface is its index: above it, import '#server' (index.ts), never a file inside server/.",
      severity: 'error',
      from: { path: '^src-main/(app|till|cli|desktop|main)/' },
      to: { path: LAYER('server'), pathNot: '^src-main/server/index\\.ts$' }
    },
    below(
      'till-stays-beside-the-server',
      LAYER('till'),
      ['app', 'cli', 'desktop', 'main', 'transfer', 'backup-folder'],
      'The till layer (a paired till, the LAN listener, first run) uses the server, the store, tokens and settings; app/ wires it.'
    ),
    {
      name: 'only-app-and-cli-use-the-till',
      comment: 'The till is started by app/ (and paired by the pair command); nothing below it, nor the desktop, reaches into it.',
      severity: 'error',
      from: { path: '^src-main/', pathNot: '^src-main/(till|app|cli)/' },
      to: { path: LAYER('till') }
    },
    below(
      'auth-settings-transfer-stay-below-the-server',
      '^src-main/(auth|settings|transfer)/',
      ['server', 'app', 'cli', 'desktop', 'main', 'backup-folder'],
      'Tokens, settings and import/export sit between the store and the server: they know no HTTP route, app or entry point.'
    ),
    {
      name: 'auth-settings-transfer-stay-apart',
      comment: 'Tokens, settings and import/export are siblings: none reaches into another (the server combines them).',
      severity: 'error',
      from: { path: '^src-main/(auth|settings|transfer)/' },
      to: { path: '^src-main/(auth|settings|transfer)/', pathNot: '^src-main/$1/' }
    },
    below(
      'backup-folder-stays-below-the-server',
      LAYER('backup-folder'),
      ['server', 'app', 'cli', 'desktop', 'main', 'auth', 'transfer'],
      'The backup folder (offsite backups) reads the store and the settings only.'
    ),
    below(
      'server-never-imports-app-cli-desktop-or-electron',
      LAYER('server'),
      ['app', 'cli', 'desktop', 'main'],
      'The server runs headless (plant-store serve) and is wired by app/: it imports no app, CLI, desktop or Electron.'
    ),
    below(
      'app-never-imports-cli-desktop-or-electron',
      LAYER('app'),
      ['cli', 'desktop', 'main'],
      'app/ wires a service for both the CLI and the desktop app: it imports neither, nor Electron.'
    ),
    below(
      'cli-never-imports-desktop-or-electron',
      LAYER('cli'),
      ['desktop', 'main'],
      'The plant-store command runs without Electron (a headless server, scripts).'
    ),
    below(
      'desktop-never-imports-the-cli',
      LAYER('desktop'),
      ['cli', 'main'],
      'The desktop app reaches the catalogue through app/, not the CLI.',
      false
    ),
    {
      name: 'electron-only-in-desktop-and-entry-points',
      comment: 'Only desktop/ and the Electron entry points (main/) may import Electron: everything else runs in plain Node.',
      severity: 'error',
      from: { path: '^src-', pathNot: '^src-main/(desktop|main)/' },
      to: { path: ELECTRON }
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
      from: { pathNot: '^node_modules/' },
      to: { couldNotResolve: true }
    }
  ],
  options: {
    // node_modules stays in the graph (a rule must see an import of Electron) but is never followed into.
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^(out|dist)/' },
    tsPreCompilationDeps: true,
    // Aliases (#shared/…, #store, #lib/…) come from package.json "imports", which enhanced-resolve reads.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.vue', '.d.ts', '.json']
    },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
