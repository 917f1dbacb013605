/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint`) fire on a
 * small tree that breaks each of them once, and name the rule they enforce.
 */
import { spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTempDir } from '#setup/temp-dir'

const DEPCRUISE = path.resolve('node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
const CONFIG = path.resolve('.dependency-cruiser.cjs')

const FILES: Record<string, string> = {
  'src-shared/plant.ts': "import { PlantStore } from '../src-main/store/plant-store'\nexport const x = PlantStore\n",
  'src-shared/clock.ts': "import { readFileSync } from 'node:fs'\nexport const y = readFileSync\n",
  'src-main/store/plant-store.ts': "import { serve } from '../server/serve'\nexport class PlantStore { s = serve }\n",
  'src-main/server/serve.ts': "import { app } from '../desktop/app'\nexport const serve = app\n",
  'src-main/desktop/app.ts': "import { run } from '../commands/run'\nexport const app = run\n",
  'src-main/commands/run.ts': 'export const run = 1\n',
  'src-renderer/src/main.ts': "import { serve } from '../../src-main/server/serve'\nexport const m = serve\n",
  'src-main/cycle-a.ts': "import { b } from './cycle-b'\nexport const a = b\n",
  'src-main/cycle-b.ts': "import { a } from './cycle-a'\nexport const b = a\n",
  'src-main/typo.ts': "import { nothing } from './no-such-file'\nexport const t = nothing\n"
}

describe('dependency rules', () => {
  it('fail the lint with the name of every rule a tree breaks', async () => {
    const root = await makeTempDir('plant-store-layers-')
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'layers', type: 'module' }))
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true })
      await writeFile(path.join(root, name), text)
    }
    const result = spawnSync(process.execPath, [DEPCRUISE, 'src-main', 'src-shared', 'src-renderer', '--config', CONFIG], {
      cwd: root,
      encoding: 'utf8'
    })
    expect(result.status, result.stderr).not.toBe(0)
    const violations = result.stdout.split('\n').filter((line) => line.trim().startsWith('error '))
    const expected = [
      'shared-imports-nothing-of-the-project: src-shared/plant.ts → src-main/store/plant-store.ts',
      'shared-is-platform-free: src-shared/clock.ts → fs',
      'store-imports-only-shared: src-main/store/plant-store.ts → src-main/server/serve.ts',
      'server-never-imports-desktop-commands-or-electron: src-main/server/serve.ts → src-main/desktop/app.ts',
      'only-the-cli-imports-commands: src-main/desktop/app.ts → src-main/commands/run.ts',
      'renderer-imports-only-shared: src-renderer/src/main.ts → src-main/server/serve.ts',
      'no-circular: src-main/cycle-',
      'not-to-unresolvable: src-main/typo.ts → ./no-such-file'
    ]
    for (const violation of expected)
      expect(
        violations.some((line) => line.includes(violation)),
        violation
      ).toBe(true)
  })
})
