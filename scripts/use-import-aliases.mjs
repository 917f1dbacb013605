#!/usr/bin/env node
/**
 * Rewrites relative imports that climb out of a folder (`../../src-shared/plant`)
 * into the aliases package.json declares under "imports" (`#shared/plant`).
 *
 * Idempotent: a second run changes nothing. The aliases are read from
 * package.json, so adding one there is all it takes for this script to use it.
 * Only TypeScript and Vue files are rewritten: the aliases point at .ts files,
 * which the bundler, vitest and vue-tsc read but plain Node (bench/*.mjs) does not.
 *
 *   node scripts/use-import-aliases.mjs              rewrite in place, list what changed
 *   node scripts/use-import-aliases.mjs --check      change nothing; exit 1 if something would change
 *   node scripts/use-import-aliases.mjs --root DIR   work on another checkout (default: this one)
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const THIS_CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FOLDERS = ['src-main', 'src-shared', 'src-renderer', 'test', 'bench', 'scripts']
const REWRITTEN_EXTENSIONS = ['.ts', '.mts', '.vue']
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist'])

/**
 * One entry of package.json "imports", e.g. `"#renderer/*.vue": "./src-renderer/src/*.vue"`:
 * the specifier is `prefix + name + keySuffix`, the file is `dir + name + fileSuffix`.
 */
function readAliases(root) {
  const { imports = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  return Object.entries(imports).flatMap(([key, target]) => {
    if (typeof target !== 'string' || key.split('*').length !== 2 || target.split('*').length !== 2) return []
    const [prefix, keySuffix] = key.split('*')
    const [dir, fileSuffix] = target.split('*')
    return [{ key, prefix, keySuffix, dir: path.join(root, dir), fileSuffix }]
  })
}

/** The file a specifier names as Node would map it (most specific key wins), or undefined. */
function mapSpecifier(aliases, specifier) {
  const matches = aliases.filter(
    (alias) =>
      specifier.startsWith(alias.prefix) && specifier.endsWith(alias.keySuffix) && specifier.length >= alias.prefix.length + alias.keySuffix.length
  )
  // Node's order: the longer prefix first, then the longer key.
  matches.sort((a, b) => b.prefix.length - a.prefix.length || b.key.length - a.key.length)
  const alias = matches[0]
  if (!alias) return undefined
  const name = specifier.slice(alias.prefix.length, specifier.length - alias.keySuffix.length)
  return alias.dir + name + alias.fileSuffix
}

/** The file a relative specifier in `fromFile` names (extension added the way the bundler would), or undefined. */
function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.mts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** The shortest alias that names `file`, checked by mapping it back; undefined when no alias fits. */
function aliasFor(aliases, file) {
  const candidates = []
  for (const alias of aliases) {
    if (!file.startsWith(alias.dir) || !file.endsWith(alias.fileSuffix)) continue
    const name = file.slice(alias.dir.length, file.length - alias.fileSuffix.length)
    if (name === '') continue
    const specifier = alias.prefix + name.split(path.sep).join('/') + alias.keySuffix
    if (mapSpecifier(aliases, specifier) === file) candidates.push(specifier)
  }
  return candidates.sort((a, b) => a.length - b.length)[0]
}

/**
 * The import specifiers of TypeScript `code` (import and export declarations, `import()`, also in types), found by
 * TypeScript's own scanner, so text that only looks like an import (a string, a comment) is never touched.
 */
function importSpecifiers(code) {
  const spans = []
  for (const { pos, fileName } of ts.preProcessFile(code, true, true).importedFiles) {
    // `pos` is the opening quote of the specifier's literal.
    const quote = code[pos]
    if ((quote === "'" || quote === '"') && code.startsWith(fileName + quote, pos + 1)) spans.push({ start: pos + 1, specifier: fileName })
  }
  return spans
}

/** Rewrites the climbing specifiers of TypeScript `code` that an alias can name. */
function rewriteCode(aliases, file, code) {
  let result = ''
  let done = 0
  for (const { start, specifier } of importSpecifiers(code)) {
    if (!specifier.startsWith('../')) continue
    const target = resolveRelative(file, specifier)
    const alias = target && aliasFor(aliases, target)
    if (!alias) continue
    result += code.slice(done, start) + alias
    done = start + specifier.length
  }
  return result + code.slice(done)
}

// The <script> blocks of a Vue single-file component.
const VUE_SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)/g

/** Returns `source` with every climbing import that an alias can name rewritten to that alias. */
function rewriteImports(aliases, file, source) {
  if (!file.endsWith('.vue')) return rewriteCode(aliases, file, source)
  return source.replace(VUE_SCRIPT, (_whole, open, code, close) => open + rewriteCode(aliases, file, code) + close)
}

function* sourceFiles(dir) {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* sourceFiles(full)
    } else if (REWRITTEN_EXTENSIONS.some((extension) => entry.name.endsWith(extension))) {
      yield full
    }
  }
}

function main() {
  const check = process.argv.includes('--check')
  const rootFlag = process.argv.indexOf('--root')
  const root = rootFlag === -1 ? THIS_CHECKOUT : path.resolve(process.argv[rootFlag + 1] ?? '.')
  const aliases = readAliases(root)
  if (aliases.length === 0) throw new Error(`${path.join(root, 'package.json')} declares no "imports" aliases`)
  const changed = []
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(path.join(root, folder))) {
      const source = readFileSync(file, 'utf8')
      const rewritten = rewriteImports(aliases, file, source)
      if (rewritten === source) continue
      changed.push(path.relative(root, file))
      if (!check) writeFileSync(file, rewritten)
    }
  }
  for (const file of changed) process.stdout.write(`${check ? 'would rewrite' : 'rewrote'} ${file}\n`)
  process.stdout.write(`${changed.length} file(s) ${check ? 'still use relative climbs' : 'rewritten'}\n`)
  if (check && changed.length > 0) process.exitCode = 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
