/**
 * Serves the built staff UI (electron-vite's renderer output, out/renderer) at
 * `/`. Only the files found in that folder at start-up are served, from
 * memory, so no request path ever reaches the file system.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { HTTPError, type H3, type H3Event } from 'h3'
import { problem } from '#server/problems/problems'
import { setUiPageSecurityHeaders } from '#server/security/security'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8'
}

interface Asset {
  body: Uint8Array<ArrayBuffer>
  type: string
  /** Vite puts a content hash in every file under assets/, so those never change under their name. */
  immutable: boolean
}

/** Reads every servable file under `dir` into memory, keyed by URL path. Empty when `dir` is missing. */
export function loadUiAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  let names: string[]
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  } catch {
    return assets
  }
  for (const name of names) {
    const type = CONTENT_TYPES[path.extname(name).toLowerCase()]
    const file = path.join(dir, name)
    if (!type) continue
    let body: Buffer
    try {
      body = readFileSync(file)
    } catch {
      continue // a folder named like a file, or unreadable: not served
    }
    const urlPath = '/' + name.split(path.sep).join('/')
    assets.set(urlPath, { body: new Uint8Array(body), type, immutable: urlPath.startsWith('/assets/') })
  }
  return assets
}

function send(event: H3Event, asset: Asset): Uint8Array<ArrayBuffer> {
  setUiPageSecurityHeaders(event)
  event.res.headers.set('content-type', asset.type)
  // The page itself must always be fresh (it names the current asset files); hashed assets never change.
  event.res.headers.set('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  return asset.body
}

/** Registers `/` (the UI's page) and the UI's files, read once from `dir`. */
export function registerUiRoutes(app: H3, dir: string): void {
  const assets = loadUiAssets(dir)
  const index = assets.get('/index.html')
  const page = (event: H3Event) => {
    if (!index) throw problem('uiNotBuilt', dir)
    return send(event, index)
  }
  const file = (event: H3Event) => {
    const asset = assets.get(event.url.pathname)
    if (!asset) throw new HTTPError({ status: 404 })
    return send(event, asset)
  }
  for (const method of ['GET', 'HEAD'] as const) {
    app.on(method, '/', page)
    app.on(method, '/index.html', page)
    app.on(method, '/assets/**', file)
    for (const urlPath of assets.keys()) if (!urlPath.startsWith('/assets/') && urlPath !== '/index.html') app.on(method, urlPath, file)
  }
}
