#!/usr/bin/env node
/**
 * Checks the OpenAPI document the server serves at /v3/openapi.json the way other tools will read it
 * (`npm run lint:openapi`, part of `npm run lint`):
 *
 * 1. a standard OpenAPI 3.1 validator (@seriousme/openapi-schema-validator) accepts it;
 * 2. a client generator other than our own, openapi-typescript, turns it into types that TypeScript
 *    compiles, and every operationId of the document is in them (openapi-python-client once left out
 *    PUT /plant and POST /plant/bulk without a word, over `$ref`s that pointed inside a schema);
 * 3. every `$ref` points at a component schema that exists;
 * 4. every `pattern` keeps to JSON Schema's interoperable subset of regular expressions, so engines
 *    other than ECMAScript's read it the same: literal characters (an escape only for a syntax
 *    character), classes and ranges, quantifiers, groups, alternation, ^ and $; no \s \d \w . \p{…},
 *    no \u escapes, no lookaround or back-references.
 *
 * The document is built from the sources with Vite's module runner (no build needed), exactly as the
 * server serializes it; `node scripts/check-openapi.mjs FILE.json` checks a saved document instead.
 * Offline: nothing is fetched.
 */
import { RegExpParser } from '@eslint-community/regexpp'
import { Validator } from '@seriousme/openapi-schema-validator'
import openapiTS, { astToString } from 'openapi-typescript'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { runnerImport } from 'vite'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const problems = []

async function servedDocument() {
  const { module } = await runnerImport(path.join(ROOT, 'src-main/server/openapi/openapi.ts'), { configFile: false, root: ROOT, logLevel: 'error' })
  return JSON.parse(module.serializeOpenApiDocument())
}

/** Every value under `node` with the key `name`, with where it is. */
function* valuesNamed(node, name, at = '#') {
  if (Array.isArray(node)) for (const [index, item] of node.entries()) yield* valuesNamed(item, name, `${at}/${index}`)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === name && typeof value === 'string') yield [value, at]
      else yield* valuesNamed(value, name, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    }
  }
}

async function checkWithValidator(document) {
  const result = await new Validator().validate(document)
  if (!result.valid) problems.push(`not a valid OpenAPI 3.1 document: ${JSON.stringify(result.errors).slice(0, 2000)}`)
}

function checkRefs(document) {
  for (const [ref, at] of valuesNamed(document, '$ref')) {
    const name = /^#\/components\/schemas\/([A-Za-z0-9_.-]+)$/.exec(ref)?.[1]
    if (name === undefined) problems.push(`${at}: $ref ${ref} does not point at a component schema`)
    else if (!document.components?.schemas?.[name]) problems.push(`${at}: $ref ${ref} names no schema`)
  }
}

/** A syntax character may be escaped (\[ \] \\ \- …); any other escape reads differently in other engines. */
const ESCAPABLE = new Set('^$\\.*+?()[]{}|/-')

function portabilityProblem(node) {
  switch (node.type) {
    case 'Pattern':
    case 'Alternative':
    case 'CharacterClassRange':
      return undefined
    case 'Group':
    case 'CapturingGroup':
      return node.name ? 'a named group' : undefined
    case 'Quantifier':
      return undefined
    case 'CharacterClass':
      return node.unicodeSets ? 'set notation (the v flag)' : undefined
    case 'Character':
      return node.raw.startsWith('\\') && !(node.raw.length === 2 && ESCAPABLE.has(node.raw[1])) ? `the escape ${node.raw}` : undefined
    case 'Assertion':
      return node.kind === 'start' || node.kind === 'end' ? undefined : `the assertion ${node.raw.slice(0, 12)}…`
    default:
      return `${node.raw.slice(0, 12)} (${node.type})`
  }
}

function* nodesOf(node) {
  yield node
  for (const key of ['alternatives', 'elements', 'element', 'min', 'max']) {
    const child = node[key]
    if (Array.isArray(child)) for (const item of child) yield* nodesOf(item)
    else if (child && typeof child === 'object' && 'type' in child) yield* nodesOf(child)
  }
}

function checkPatterns(document) {
  const parser = new RegExpParser({ ecmaVersion: 2025 })
  let count = 0
  for (const [pattern, at] of valuesNamed(document, 'pattern')) {
    count++
    let ast
    try {
      ast = parser.parsePattern(pattern, undefined, undefined, { unicode: true })
    } catch (error) {
      problems.push(`${at}: pattern is not an ECMAScript regular expression with the u flag: ${error.message}`)
      continue
    }
    const found = new Set([...nodesOf(ast)].map(portabilityProblem).filter((problem) => problem !== undefined))
    if (found.size > 0)
      problems.push(
        `${at}: pattern uses ${[...found].slice(0, 3).join(', ')}${found.size > 3 ? ` and ${found.size - 3} more` : ''}, outside JSON Schema's interoperable subset`
      )
  }
  return count
}

/** Compiles `source` (generated types) alone with TypeScript; returns its diagnostics as text. */
function compileErrors(source) {
  const fileName = path.join(ROOT, 'generated-openapi.d.ts')
  const options = { noEmit: true, strict: true, skipLibCheck: true, types: [], lib: ['lib.es2022.d.ts'] }
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => (path.resolve(name) === fileName ? source : readFile(name))
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => path.resolve(name) === fileName || fileExists(name)
  const program = ts.createProgram([fileName], options, host)
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

async function checkGeneratedClient(document) {
  const types = astToString(await openapiTS(document, { silent: true }))
  for (const error of compileErrors(types)) problems.push(`openapi-typescript's types do not compile: ${error}`)
  // The keys of `interface operations`, quoted or not ("add-plant", health).
  const section = types.slice(types.indexOf('export interface operations {'))
  const generated = new Set([...section.matchAll(/^ {4}"?([\w-]+)"?: \{/gm)].map((match) => match[1]))
  const ids = [...valuesNamed(document.paths, 'operationId')].map(([id]) => id)
  for (const id of ids) if (!generated.has(id)) problems.push(`openapi-typescript left out the operation ${id}`)
  return ids.length
}

const document = process.argv[2] ? JSON.parse(await readFile(process.argv[2], 'utf8')) : await servedDocument()
await checkWithValidator(document)
checkRefs(document)
const patterns = checkPatterns(document)
const operations = await checkGeneratedClient(document)
if (problems.length > 0) {
  console.error(`The OpenAPI document has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(`OpenAPI document: valid 3.1; ${operations} operations, all in openapi-typescript's client; ${patterns} patterns in the portable subset.`)
