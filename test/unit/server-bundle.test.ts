/**
 * What `plant-store serve` loads at start (the build in out/, made fresh by
 * the test setup): cli.js and the chunks it imports statically, with the
 * dependencies bundled in, so no package is resolved and read from
 * node_modules file by file; export/import and its CSV code only when first used.
 */
import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const MAIN = path.resolve(import.meta.dirname, '../../out/main')
const BUILTINS = new Set(builtinModules)

/** The specifiers of a built file's static imports (`import … from "x"`, `import "x"`, `export … from "x"`), and of its dynamic ones. */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const text = readFileSync(file, 'utf8')
  const fromClause = [...text.matchAll(/^(?:import|export)\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm)].map((match) => match[1]!)
  const dynamic = [...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]!)
  return { static: fromClause, dynamic }
}

/** Every file loaded before cli.js runs, following static imports from it, and what they import from outside. */
function staticGraph(entry: string): { files: string[]; external: string[]; dynamic: string[]; dynamicExternal: string[] } {
  const files: string[] = []
  const external = new Set<string>()
  const dynamic = new Set<string>()
  const dynamicExternal = new Set<string>()
  const visit = (file: string) => {
    if (files.includes(file)) return
    files.push(file)
    const imports = importsOf(file)
    for (const specifier of imports.dynamic) {
      if (specifier.startsWith('.')) dynamic.add(path.resolve(path.dirname(file), specifier))
      else dynamicExternal.add(specifier)
    }
    for (const specifier of imports.static) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier))
      else external.add(specifier)
    }
  }
  visit(entry)
  return { files, external: [...external], dynamic: [...dynamic], dynamicExternal: [...dynamicExternal] }
}

describe('the built CLI and server', () => {
  const graph = staticGraph(path.join(MAIN, 'cli.js'))

  it('loads no package from node_modules at start: h3, lowdb and the rest are bundled in', () => {
    const packages = graph.external.filter((specifier) => !specifier.startsWith('node:') && !BUILTINS.has(specifier))
    expect(packages).toEqual([])
    expect(graph.files.length).toBeLessThanOrEqual(2) // cli.js and the server chunk
  })

  it('loads the CSV parser and writer only with export/import, on first use', () => {
    const loadedAtStart = graph.files.map((file) => readFileSync(file, 'utf8')).join('\n')
    expect(loadedAtStart).not.toMatch(/node_modules\/csv-(parse|stringify)\//)
    const later = graph.dynamic.flatMap((file) => staticGraph(file).files.filter((inner) => !graph.files.includes(inner)))
    expect(later.map((file) => readFileSync(file, 'utf8')).join('\n')).toMatch(/node_modules\/csv-parse\//)
  })

  it("imports the X.509 library only to make the LAN listener's certificate, from node_modules", () => {
    expect(graph.dynamicExternal).toEqual(['selfsigned'])
  })

  it('keeps the top-level await of the command line in cli.js, so a chunk imported later never waits for it', () => {
    for (const file of graph.files.filter((inner) => !inner.endsWith('cli.js'))) {
      expect(readFileSync(file, 'utf8'), path.basename(file)).not.toMatch(/^await /m)
      expect(readFileSync(file, 'utf8'), path.basename(file)).not.toMatch(/^process\.exitCode = await /m)
    }
  })
})
