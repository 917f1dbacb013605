import { mkdir, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { staleBuildReason } from '#setup/fresh-build'
import { makeTempDir } from '#setup/temp-dir'

const OUTPUTS = ['out/main/cli.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const SOURCES = ['src-main/store/shop-store.ts', 'src-shared/plant.ts', 'src-renderer/index.html', 'electron.vite.config.ts']
const SETTINGS = ['package.json', 'tsconfig.json', 'tsconfig.node.json', 'tsconfig.web.json']

/** A project folder whose sources were last changed at `sourcesAt` and whose build was made at `builtAt` (seconds). */
async function project(sourcesAt: number, builtAt: number): Promise<string> {
  const root = await makeTempDir()
  const stamped = [...[...SOURCES, ...SETTINGS].map((file) => [file, sourcesAt] as const), ...OUTPUTS.map((file) => [file, builtAt] as const)]
  for (const [file] of stamped) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), '')
  }
  // Then the times, of each file and of the folders above it (creating files changed theirs).
  for (const [file, at] of stamped) {
    for (let part = file; part !== '.'; part = path.dirname(part)) await utimes(path.join(root, part), at, at)
  }
  return root
}

describe('the fresh-build check of the test run', () => {
  it('trusts a build newer than every source', async () => {
    expect(staleBuildReason(await project(1000, 2000))).toBeUndefined()
  })

  it('names a source changed after the build', async () => {
    const root = await project(1000, 2000)
    await utimes(path.join(root, 'src-shared/plant.ts'), 3000, 3000)
    expect(staleBuildReason(root)).toBe('src-shared/plant.ts is newer than the build in out/')
  })

  it('notices a deleted source through its folder', async () => {
    const root = await project(1000, 2000)
    await rm(path.join(root, 'src-main/store/shop-store.ts'))
    expect(staleBuildReason(root)).toBe('src-main/store is newer than the build in out/')
  })

  it('names a missing part of the build', async () => {
    const root = await project(1000, 2000)
    await rm(path.join(root, 'out/preload/index.cjs'))
    expect(staleBuildReason(root)).toBe('out/preload/index.cjs is missing')
  })
})
