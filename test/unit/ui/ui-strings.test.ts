/**
 * No API words in the UI: every text of the renderer's templates and every string literal of its scripts (what can
 * reach a person's eyes) is scanned for an HTTP method followed by a path, the API's base path, a JSON body, a
 * problem URN or a header or token name (problem-words.ts' API_WORDS). Comments are not scanned: they are for us.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import ts from 'typescript'
import { parse as parseSfc } from '@vue/compiler-sfc'
import { NodeTypes, type TemplateChildNode, type RootNode, type ElementNode } from '@vue/compiler-core'
import { describe, expect, it } from 'vitest'
import { hasApiWords } from '#renderer/problem-words'

const RENDERER = path.resolve(import.meta.dirname, '../../../src-renderer/src')

/** Literals that are code, never shown: the file and the literal, with why. */
const NOT_SHOWN = new Set([
  'connection.ts: /v3' // the API's address the client calls
])

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** The string literals and template literal parts of a script or expression (module names left out). */
function scriptStrings(code: string): string[] {
  const source = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text)
    else if (ts.isTemplateExpression(node)) found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** A template's texts: its text nodes, its attributes' values and the literals of its bindings and interpolations. */
function templateStrings(node: RootNode | TemplateChildNode, found: string[] = []): string[] {
  if (node.type === NodeTypes.TEXT) found.push(node.content)
  if (node.type === NodeTypes.INTERPOLATION && node.content.type === NodeTypes.SIMPLE_EXPRESSION)
    found.push(...scriptStrings(`(${node.content.content})`))
  if (node.type === NodeTypes.ELEMENT) {
    for (const prop of (node as ElementNode).props) {
      if (prop.type === NodeTypes.ATTRIBUTE && prop.value) found.push(prop.value.content)
      if (prop.type === NodeTypes.DIRECTIVE && prop.exp?.type === NodeTypes.SIMPLE_EXPRESSION) found.push(...scriptStrings(`(${prop.exp.content})`))
    }
  }
  if ('children' in node) for (const child of node.children as TemplateChildNode[]) templateStrings(child, found)
  return found
}

async function uiStrings(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8')
  if (file.endsWith('.ts')) return scriptStrings(text)
  const { descriptor } = parseSfc(text, { filename: file })
  return [
    ...(descriptor.template?.ast ? templateStrings(descriptor.template.ast) : []),
    ...scriptStrings(descriptor.scriptSetup?.content ?? ''),
    ...scriptStrings(descriptor.script?.content ?? '')
  ]
}

describe('the UI’s words', () => {
  it('finds the words it scans for (the scan itself can fail)', () => {
    expect(templateStrings(parseSfc('<template><p :title="`Send ${x} to POST /v3/plant`">Ok</p></template>').descriptor.template!.ast!)).toContain(
      ' to POST /v3/plant'
    )
    expect(scriptStrings('const a = \'{"count": N}\'; // POST /v3/x')).toEqual(['{"count": N}'])
    for (const words of ['POST /v3/pairing-codes', '/v3/health', '{"count": 1}', 'urn:plant-store:problem:x', 'Idempotency-Key', 'If-Match'])
      expect(hasApiWords(words), words).toBe(true)
    expect(hasApiWords('Count it if the shelf holds more (Stock → Stock-take).')).toBe(false)
  })

  it('shows no HTTP method and path, JSON body, problem URN or header name anywhere in the renderer', async () => {
    const files = await filesUnder(RENDERER)
    expect(files.length).toBeGreaterThan(100)
    const found: string[] = []
    for (const file of files) {
      for (const text of await uiStrings(file)) if (hasApiWords(text)) found.push(`${path.relative(RENDERER, file)}: ${text.trim()}`)
    }
    expect(found.filter((each) => !NOT_SHOWN.has(each))).toEqual([])
    // An exception no longer needed goes: the list stays the few literals that are code.
    expect([...NOT_SHOWN].filter((each) => !found.includes(each))).toEqual([])
  })
})
