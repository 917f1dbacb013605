/**
 * axe-core run inside the e2e browser. Its source goes in through the DevTools protocol (page.evaluate), which
 * the page's strict Content-Security-Policy does not apply to, so the page under test keeps its real CSP.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

let source: Promise<string> | undefined

/** The violations axe finds on the page as it is now, one line each: `rule: help (where)`; [] when none. */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(await source)
  const violations = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`)) as {
    id: string
    help: string
    nodes: { target: string[] }[]
  }[]
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}
