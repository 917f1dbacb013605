/**
 * The shop owners' guide (docs/guide) holds together: every page its contents list links exists, every picture a page
 * shows exists and is one the guide's picture test makes (test/e2e/guide.test.ts, `npm run docs:guide`), and no page
 * speaks the API's words to a shop owner.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const GUIDE = path.resolve(import.meta.dirname, '../../docs/guide')
const read = (name: string) => readFileSync(path.join(GUIDE, name), 'utf8')
const pages = readdirSync(GUIDE).filter((name) => name.endsWith('.md'))
const picturesMade = [...read('../../test/e2e/guide.test.ts').matchAll(/picture\(browser, [\w.]+, '([\w-]+)'/g)].map((match) => `${match[1]}.png`)

describe("the shop owners' guide", () => {
  it('lists every page, and every page it links exists', () => {
    const linked = [...read('README.md').matchAll(/\]\(([\w-]+\.md)\)/g)].map((match) => match[1]!)
    expect(linked.filter((name) => !pages.includes(name))).toEqual([])
    expect(pages.filter((name) => name !== 'README.md' && !linked.includes(name))).toEqual([])
  })

  it.each(pages)('%s shows only pictures the picture test makes, and they exist', (page) => {
    for (const [, picture] of read(page).matchAll(/!\[[^\]]*\]\(img\/([\w-]+\.png)\)/g)) {
      expect(picturesMade, `${page}: img/${picture}`).toContain(picture)
      expect(existsSync(path.join(GUIDE, 'img', picture!)), `${page}: img/${picture}`).toBe(true)
    }
  })

  it.each(pages)('%s speaks no API words (no methods, paths, JSON or curl)', (page) => {
    const text = read(page)
    expect(text).not.toMatch(/\b(GET|PUT|POST|PATCH|DELETE) \//)
    expect(text).not.toMatch(/\/v3\/|\bcurl\b|\{"|urn:|Idempotency-Key|If-Match/)
  })
})
