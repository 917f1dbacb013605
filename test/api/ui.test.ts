import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_TOKEN, createTestApp } from '#setup/in-process'
import { makeTempDir } from '#setup/temp-dir'

/** An app whose UI folder holds a tiny fake build. */
async function appWithUi(files: Record<string, string> | undefined) {
  const uiDir = path.join(await makeTempDir(), 'renderer')
  if (files) {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(uiDir, name)), { recursive: true })
      await writeFile(path.join(uiDir, name), text)
    }
  }
  const { call } = await createTestApp({ uiDir })
  // A browser opening the page sends no token (it is in the fragment) and no Origin on a navigation.
  return (pathname: string, headers: Record<string, string> = {}) => call('GET', pathname, undefined, { authorization: undefined, ...headers })
}

const BUILD = {
  'index.html': '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
  'assets/index-abc123.js': 'console.log("ui")',
  'assets/index-abc123.css': 'body{}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'notes.md': 'not a servable type'
}

describe('the staff UI at /', () => {
  it('serves the page with strict headers and no caching', async () => {
    const get = await appWithUi(BUILD)
    const response = await get('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('index-abc123.js')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/)
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('serves hashed assets with their type, cached for good', async () => {
    const get = await appWithUi(BUILD)
    const js = await get('/assets/index-abc123.js')
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/assets/index-abc123.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml')
    expect((await get('/index.html')).status).toBe(200)
  })

  it('answers 404 for anything not in the build, including traversal attempts', async () => {
    const get = await appWithUi(BUILD)
    for (const pathname of [
      '/notes.md',
      '/assets/missing.js',
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/etc/passwd'
    ]) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(404)
    }
  })

  it('says how to build the UI when it is missing, and the API still works', async () => {
    const get = await appWithUi(undefined)
    const response = await get('/')
    expect(response.status).toBe(503)
    expect((await response.json()).detail).toMatch(/npm run build/)
    expect((await get('/v3/plant', { authorization: `Bearer ${TEST_TOKEN}` })).status).toBe(200)
  })
})
