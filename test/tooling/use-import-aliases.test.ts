/** The codemod the integrator re-runs on every merged tree: aliases from package.json, idempotent, nothing else touched. */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTempDir } from '#setup/temp-dir'

const SCRIPT = path.resolve('scripts/use-import-aliases.mjs')

async function tree(files: Record<string, string>): Promise<string> {
  const root = await makeTempDir('plant-store-aliases-')
  const { imports } = JSON.parse(await readFile('package.json', 'utf8')) as { imports: Record<string, string> }
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'x', imports }))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true })
    await writeFile(path.join(root, name), text)
  }
  return root
}

const run = (root: string, ...flags: string[]) => spawnSync(process.execPath, [SCRIPT, '--root', root, ...flags], { encoding: 'utf8' })

const ROUTE = `import type { H3 } from 'h3'
import { PLANT_STATUSES } from '../../../src-shared/plant'
import type { ApiClient } from "../../../src-shared/api-client"
import { problem } from '../problems'
import { sibling } from './sibling'
import { nothing } from '../missing'
import { seed } from '../../../bench/lib/seed.mjs'
export { PLANT_STATUSES } from '../../../src-shared/plant'
const store = await import('../../store/plant-store')
type Store = typeof import('../../store/plant-store').ShopStore
const looksLikeAnImport = "import { x } from '../../../src-shared/plant'"
// import { y } from '../../../src-shared/plant'
`

describe('scripts/use-import-aliases.mjs', () => {
  it('rewrites the climbs of real imports into the aliases package.json declares, and nothing else', async () => {
    const root = await tree({
      'src-shared/plant.ts': 'export const PLANT_STATUSES = []\n',
      'src-shared/api-client.ts': 'export type ApiClient = {}\n',
      'src-main/store/plant-store.ts': 'export class ShopStore {}\n',
      'src-main/server/problems.ts': 'export const problem = 1\n',
      'src-main/server/routes/sibling.ts': 'export const sibling = 1\n',
      'src-main/server/routes/plants.ts': ROUTE,
      'src-renderer/src/stores/plants.ts': 'export const usePlantsStore = 1\n',
      'src-renderer/src/App.vue': '<template><div /></template>\n',
      'src-renderer/src/components/PlantTable.vue':
        "<script setup lang=\"ts\">\nimport App from '../App.vue'\nimport { usePlantsStore } from '../stores/plants'\n</script>\n",
      'test/_setup/temp-dir.ts': 'export const makeTempDir = 1\n',
      'test/unit/a.test.ts': "import { makeTempDir } from '../_setup/temp-dir'\nimport { ShopStore } from '../../src-main/store/plant-store'\n",
      'bench/lib/seed.mjs': 'export const seed = 1\n',
      'bench/run.mjs': "import { PLANT_STATUSES } from '../src-shared/plant'\n"
    })
    const first = run(root)
    expect(first.status).toBe(0)
    expect(first.stdout).toContain('3 file(s) rewritten')
    expect(await readFile(path.join(root, 'src-main/server/routes/plants.ts'), 'utf8')).toBe(`import type { H3 } from 'h3'
import { PLANT_STATUSES } from '#shared/plant'
import type { ApiClient } from "#shared/api-client"
import { problem } from '#server/problems'
import { sibling } from './sibling'
import { nothing } from '../missing'
import { seed } from '../../../bench/lib/seed.mjs'
export { PLANT_STATUSES } from '#shared/plant'
const store = await import('#store/plant-store')
type Store = typeof import('#store/plant-store').ShopStore
const looksLikeAnImport = "import { x } from '../../../src-shared/plant'"
// import { y } from '../../../src-shared/plant'
`)
    expect(await readFile(path.join(root, 'src-renderer/src/components/PlantTable.vue'), 'utf8')).toContain(
      "import App from '#renderer/App.vue'\nimport { usePlantsStore } from '#renderer/stores/plants'"
    )
    expect(await readFile(path.join(root, 'test/unit/a.test.ts'), 'utf8')).toBe(
      "import { makeTempDir } from '#setup/temp-dir'\nimport { ShopStore } from '#store/plant-store'\n"
    )
    // Plain Node runs bench/*.mjs, and Node cannot load the .ts files the aliases point at.
    expect(await readFile(path.join(root, 'bench/run.mjs'), 'utf8')).toBe("import { PLANT_STATUSES } from '../src-shared/plant'\n")

    const again = run(root, '--check')
    expect(again.status).toBe(0)
    expect(again.stdout).toContain('0 file(s) still use relative climbs')
  })

  it('--check reports a tree that still climbs and changes nothing', async () => {
    const source = "import { PLANT_STATUSES } from '../src-shared/plant'\n"
    const root = await tree({ 'src-shared/plant.ts': 'export const PLANT_STATUSES = []\n', 'src-main/a.ts': source })
    const check = run(root, '--check')
    expect(check.status).toBe(1)
    expect(check.stdout).toContain('would rewrite src-main/a.ts')
    expect(await readFile(path.join(root, 'src-main/a.ts'), 'utf8')).toBe(source)
  })

  it('points every alias of this checkout at a folder (or, without a *, a file) that exists', async () => {
    const { imports } = JSON.parse(await readFile('package.json', 'utf8')) as { imports: Record<string, string> }
    for (const [alias, target] of Object.entries(imports)) {
      const place = target.includes('*') ? target.slice(0, target.indexOf('*')) : target
      expect(existsSync(path.resolve(place)), alias).toBe(true)
    }
  })
})
