/**
 * The build a bench run measures, kept in a folder of its own: others rebuild
 * out/ while they work, and every round of one run (and a later run that
 * names the same folder) must measure the same code. `--app DIR` keeps this
 * tree's build there; `--before DIR` names another such folder (an older
 * build) to measure side by side with it.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const log = (line) => process.stderr.write(line + '\n')

/** Builds the app into `outDir` like the other engineers do: serialised by one lock, since several build at once here. */
function build(outDir, { sourcemap }) {
  const viteBin = path.join(ROOT, 'node_modules/.bin/electron-vite')
  const viteArgs = ['build', '--outDir', outDir, ...(sourcemap ? ['--sourcemap'] : [])]
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0
  const [command, commandArgs] = hasFlock ? ['flock', ['/tmp/plant-store-build.lock', viteBin, ...viteArgs]] : [viteBin, viteArgs]
  log(`building: ${command} ${commandArgs.join(' ')}`)
  try {
    execFileSync(command, commandArgs, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  } catch {
    throw new Error('the build failed (see above); fix it, or measure the existing out/ with --no-build')
  }
}

/** Which code is built: the commit, how many server/store sources differ from it, and a hash of the built main process. */
async function describeBuild(outDir) {
  const git = (...gitArgs) => spawnSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? ''
  const hash = createHash('sha256')
  for (const file of (await readdir(path.join(outDir, 'main'), { recursive: true })).sort()) {
    if (file.endsWith('.js')) hash.update(await readFile(path.join(outDir, 'main', file)))
  }
  const changed = git('status', '--porcelain', '--', 'src-main', 'src-shared').split('\n').filter(Boolean).length
  return { commit: git('rev-parse', '--short', 'HEAD'), uncommittedSourceFiles: changed, outMainSha256: hash.digest('hex').slice(0, 12) }
}

/**
 * Builds this tree into `appDir` (bin/, out/, package.json; node_modules
 * linked) unless it holds a build already, and returns what was built. With
 * `noBuild`, the existing out/ is copied instead; with `sourcemap`, the build
 * has source maps (for profiles).
 */
export async function snapshotApp(appDir, { noBuild = false, sourcemap = false } = {}) {
  const infoFile = path.join(appDir, 'build-info.json')
  if (existsSync(infoFile)) return JSON.parse(await readFile(infoFile, 'utf8'))
  await mkdir(appDir, { recursive: true })
  const outDir = path.join(appDir, 'out')
  if (noBuild) await cp(path.join(ROOT, 'out'), outDir, { recursive: true })
  else build(outDir, { sourcemap })
  const info = await describeBuild(outDir)
  for (const part of ['bin', 'package.json']) await cp(path.join(ROOT, part), path.join(appDir, part), { recursive: true })
  await symlink(path.join(ROOT, 'node_modules'), path.join(appDir, 'node_modules'), 'dir')
  await writeFile(infoFile, JSON.stringify(info) + '\n')
  return info
}

/** What a build folder made by {@link snapshotApp} holds; throws when it is not one. */
export async function existingApp(appDir) {
  const infoFile = path.join(appDir, 'build-info.json')
  if (!existsSync(infoFile)) throw new Error(`${appDir} holds no bench build; make one with: npm run bench -- --app ${appDir} (on that tree)`)
  return JSON.parse(await readFile(infoFile, 'utf8'))
}
