/**
 * Every layering rule of .dependency-cruiser.cjs fires: a scratch copy of the real tree gets one forbidden import
 * per rule (each in its own file), and `depcruise` must report exactly those, by rule name. A rule that cannot fire
 * (a path that matches nothing, Electron hidden by an exclude) fails here; so does a rule added without a case.
 */
import { spawnSync } from 'node:child_process'
import { appendFile, cp, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTempDir } from '#setup/temp-dir'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs')

interface Breach {
  rule: string
  file: string
  line: string
  /** What the violation names, as depcruise prints it: "from → to" (a cycle: "from → ", its path on the next lines). */
  shows: string
}

const BREACHES: Breach[] = [
  {
    rule: 'shared-imports-nothing-of-the-project',
    // A shared file the main process never imports, so the breach makes no cycle besides.
    file: 'src-shared/history-client.ts',
    line: "import '#store'",
    shows: 'src-shared/history-client.ts → src-main/store/index.ts'
  },
  { rule: 'shared-is-platform-free', file: 'src-shared/etag.ts', line: "import 'node:fs'", shows: 'src-shared/etag.ts → fs' },
  {
    rule: 'renderer-is-platform-free',
    file: 'src-renderer/src/price.ts',
    line: "import 'node:fs'",
    shows: 'src-renderer/src/price.ts → fs'
  },
  {
    rule: 'shared-and-renderer-use-no-server-packages',
    file: 'src-shared/words.ts',
    line: "import 'lowdb'",
    shows: 'src-shared/words.ts → node_modules/lowdb/'
  },
  {
    rule: 'shared-and-renderer-use-no-server-packages',
    file: 'src-renderer/src/labels.ts',
    line: "import 'h3'",
    shows: 'src-renderer/src/labels.ts → node_modules/h3/'
  },
  {
    rule: 'renderer-imports-no-test-code',
    file: 'src-renderer/src/stream-words.ts',
    line: "import '#setup/temp-dir'",
    shows: 'src-renderer/src/stream-words.ts → test/_setup/temp-dir.ts'
  },
  {
    rule: 'renderer-imports-only-shared',
    file: 'src-renderer/src/format.ts',
    line: "import '#server/urls'",
    shows: 'src-renderer/src/format.ts → src-main/server/urls.ts'
  },
  {
    rule: 'lib-is-domain-free',
    file: 'src-main/lib/stop-signals.ts',
    line: "import '#store/errors'",
    shows: 'src-main/lib/stop-signals.ts → src-main/store/errors.ts'
  },
  {
    rule: 'store-imports-only-lib-and-shared',
    file: 'src-main/store/file/migrate.ts',
    line: "import '#settings/errors'",
    shows: 'src-main/store/file/migrate.ts → src-main/settings/errors.ts'
  },
  {
    rule: 'others-use-the-store-through-its-index',
    file: 'src-main/app/config.ts',
    line: "import '#store/shop-store'",
    shows: 'src-main/app/config.ts → src-main/store/shop-store.ts'
  },
  {
    rule: 'others-use-the-server-through-its-index',
    file: 'src-main/till/lan-refusal.ts',
    line: "import '#server/start-server'",
    shows: 'src-main/till/lan-refusal.ts → src-main/server/start-server.ts'
  },
  {
    rule: 'others-use-the-server-through-its-index',
    file: 'src-main/desktop/menu.ts',
    line: "import '#server/urls'",
    shows: 'src-main/desktop/menu.ts → src-main/server/urls.ts'
  },
  {
    rule: 'till-stays-beside-the-server',
    file: 'src-main/till/members.ts',
    line: "import '#app/paths'",
    shows: 'src-main/till/members.ts → src-main/app/paths.ts'
  },
  {
    rule: 'only-app-and-cli-use-the-till',
    file: 'src-main/server/search-cache.ts',
    line: "import '#till/outbox'",
    shows: 'src-main/server/search-cache.ts → src-main/till/outbox.ts'
  },
  {
    rule: 'auth-settings-transfer-stay-below-the-server',
    file: 'src-main/auth/token.ts',
    line: "import '#server/urls'",
    shows: 'src-main/auth/token.ts → src-main/server/urls.ts'
  },
  {
    rule: 'auth-settings-transfer-stay-apart',
    file: 'src-main/transfer/slices.ts',
    line: "import '#settings/settings'",
    shows: 'src-main/transfer/slices.ts → src-main/settings/settings.ts'
  },
  {
    rule: 'backup-folder-stays-below-the-server',
    file: 'src-main/backup-folder/check-folder.ts',
    line: "import '#server/urls'",
    shows: 'src-main/backup-folder/check-folder.ts → src-main/server/urls.ts'
  },
  {
    rule: 'server-never-imports-app-cli-desktop-or-electron',
    file: 'src-main/server/urls.ts',
    line: "import '#app/paths'",
    shows: 'src-main/server/urls.ts → src-main/app/paths.ts'
  },
  {
    rule: 'app-never-imports-cli-desktop-or-electron',
    file: 'src-main/app/paths.ts',
    line: "import '#cli/command'",
    shows: 'src-main/app/paths.ts → src-main/cli/command.ts'
  },
  {
    rule: 'cli-never-imports-desktop-or-electron',
    file: 'src-main/cli/output/table.ts',
    line: "import '#desktop/app-id'",
    shows: 'src-main/cli/output/table.ts → src-main/desktop/app-id.ts'
  },
  {
    rule: 'desktop-never-imports-the-cli',
    file: 'src-main/desktop/app-id.ts',
    line: "import '#cli/command'",
    shows: 'src-main/desktop/app-id.ts → src-main/cli/command.ts'
  },
  ...[
    'src-shared/tag-text.ts',
    'src-main/store/journal/journal.ts',
    'src-main/server/security/actor.ts',
    'src-main/cli/cli.ts',
    'src-main/app/service.ts',
    'src-main/till/pairing.ts'
  ].map((file) => ({
    rule: 'electron-only-in-desktop-and-entry-points',
    file,
    line: "import 'electron'",
    shows: `${file} → node_modules/electron/index.js`
  })),
  // platform.ts imports nothing of the project: the breach makes one cycle (depcruise names it from durable-file.ts).
  { rule: 'no-circular', file: 'src-main/lib/platform.ts', line: "import './durable-file'", shows: 'src-main/lib/durable-file.ts → ' },
  {
    rule: 'not-to-unresolvable',
    file: 'src-main/lib/fs-errors.ts',
    line: "import './no-such-file'",
    shows: 'src-main/lib/fs-errors.ts → ./no-such-file'
  }
]

/** Runs depcruise over `root` with the project's rules (node_modules linked in, seen through the link). */
async function cruise(root: string): Promise<string[]> {
  const config = path.join(root, 'scratch.dependency-cruiser.cjs')
  await writeFile(
    config,
    `const config = require(${JSON.stringify(CONFIG)})\nmodule.exports = { ...config, options: { ...config.options, preserveSymlinks: true } }\n`
  )
  const result = spawnSync(process.execPath, [DEPCRUISE, 'src-main', 'src-shared', 'src-renderer', '--config', config, '--output-type', 'err'], {
    cwd: root,
    encoding: 'utf8'
  })
  return (result.stdout + result.stderr).split('\n').filter((line) => /^\s*error /.test(line))
}

describe('dependency rules', () => {
  it('each rule fires on a forbidden import added to a copy of the tree, and nothing else does', async () => {
    const root = await makeTempDir('plant-store-layers-')
    // test/ too: the renderer must not reach into it.
    for (const entry of [
      'src-main',
      'src-shared',
      'src-renderer',
      'test',
      'package.json',
      'tsconfig.json',
      'tsconfig.node.json',
      'tsconfig.web.json'
    ]) {
      await cp(path.join(ROOT, entry), path.join(root, entry), { recursive: true })
    }
    await symlink(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir')
    expect(await cruise(root), 'the copy of the tree passes before any breach').toEqual([])

    for (const breach of BREACHES) await appendFile(path.join(root, breach.file), `\n${breach.line}\n`)
    const violations = await cruise(root)
    for (const breach of BREACHES) {
      expect(
        violations.some((line) => line.includes(`${breach.rule}: ${breach.shows}`)),
        `${breach.rule} on ${breach.shows}\n${violations.join('\n')}`
      ).toBe(true)
    }
    const named = new Set(BREACHES.map((breach) => breach.rule))
    const unexpected = violations.filter((line) => !BREACHES.some((breach) => line.includes(breach.shows)))
    expect(unexpected, 'violations no breach explains').toEqual([])

    const rules = (createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string }[] }).forbidden.map((rule) => rule.name)
    expect(
      rules.filter((rule) => !named.has(rule)),
      'rules with no breach here'
    ).toEqual([])
  }, 120_000)
})
