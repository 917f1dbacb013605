/**
 * Which Node runs what, kept true: README and package.json promise Node 20.19
 * for the server, the CLI, the build and the tests (what CI runs), and
 * docs/desktop.md names every installed package that declares more (so that
 * `npm install`'s EBADENGINE warnings are explained, not a surprise).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url)
const read = (file: string) => readFileSync(new URL(file, root), 'utf8')
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean }

const PROMISED = '20.19.0'

describe('Node versions', () => {
  it('package.json, README and CI promise the same Node for the headless parts', () => {
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe(`>=${PROMISED}`)
    expect(read('README.md')).toMatch(/Requires Node\.js 20\.19 or newer/)
    expect(read('.ci/run')).toMatch(/major === 20 && minor < 19/)
  })

  it('docs/desktop.md names every installed package whose declared Node excludes 20.19, with what needs it', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> }
    const wantMore = Object.entries(lock.packages)
      .filter(([where, info]) => where !== '' && info.engines?.node !== undefined && !semver.satisfies(PROMISED, info.engines.node))
      .map(([where]) => where.replace(/^.*node_modules\//, ''))
    expect(wantMore.length).toBeGreaterThan(0)
    const docs = read('docs/desktop.md')
    for (const name of new Set(wantMore)) expect(docs, `docs/desktop.md should name ${name}`).toContain(`\`${name}\``)
  })
})
