#!/usr/bin/env node
/**
 * Import/export rows of the bench, against the real built server
 * (`plant-store serve`) on a temporary data folder:
 *   - import of 10,000 CSV rows: dry run, then applied (server-side time = request time on loopback)
 *   - export of 100,000 plants as CSV and as JSON
 *   - the worst GET latency measured while each runs (a request every 5 ms)
 *   - papaparse parsing the same 10,000-row file: the floor to compare with
 *   - a dry run of a ~30 MiB CSV (just under the route's 32 MiB limit) and the worst GET meanwhile:
 *     the server reads and plans it in slices, so no GET should wait for the whole file (the goal: 50 ms)
 *   - mapping and preview (dry run) of a Shopify product export of 10,000 rows (variants, image rows, drafts),
 *     and an applied import of a 10,000-row Excel workbook; each with its ratio to the plain CSV row above it
 *
 *   node bench/transfer.mjs [--rows 10000] [--plants 100000] [--big-mib 30]   (run by `npm run bench` too)
 */
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { strToU8, zipSync } from 'fflate'
import { startServe } from './lib/serve.mjs'
import Papa from 'papaparse'

const TOKEN = 'bench-transfer-token-0123456789abcdefghijkl'

function csvOf(count, from = 0) {
  const lines = ['name,category,tags,status']
  for (let i = from; i < from + count; i++)
    lines.push(`Plant ${i},Category ${i % 40},"indoor, tag ${i % 13}",${['available', 'pending', 'sold'][i % 3]}`)
  return lines.join('\r\n') + '\r\n'
}

const SHOPIFY_HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,' +
  'Variant Price,Image Src,Gift Card,Status'

/** A Shopify product export of `count` rows: products of two variants and an extra image, a draft now and then. */
function shopifyOf(count) {
  const lines = [SHOPIFY_HEADER]
  for (let product = 0; lines.length <= count; product++) {
    const status = product % 10 === 9 ? 'draft' : 'active'
    const first = `p-${product},Plant ${product},"<p>A plant, ${product}</p>",Green Corner,Home & Garden > Plants,Type ${product % 30},"indoor, tag ${product % 13}",TRUE`
    lines.push(
      `${first},Pot size,2 L,S-${product}-2,${product % 20},"1,${String(product % 1000).padStart(3, '0')}.50",https://example.invalid/${product}.jpg,FALSE,${status}`
    )
    lines.push(`p-${product},,,,,,,,,5 L,S-${product}-5,${product % 7},${(product % 90) + 9}.90,,,`)
    lines.push(`p-${product},,,,,,,,,,,,,https://example.invalid/${product}-b.jpg,,`)
  }
  return lines.slice(0, count + 1).join('\r\n') + '\r\n'
}

/** A workbook of `count` plant rows, written here by hand (not by the app's writer), inline strings and number prices. */
function workbookOf(count, from) {
  const cell = (ref, text) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`
  const rows = [`<row r="1">${cell('A1', 'Name')}${cell('B1', 'Kategorie')}${cell('C1', 'Preis')}${cell('D1', 'Status')}</row>`]
  for (let i = 0; i < count; i++) {
    const r = i + 2
    rows.push(
      `<row r="${r}">${cell(`A${r}`, `Plant ${from + i}`)}${cell(`B${r}`, `Category ${i % 40}`)}<c r="C${r}"><v>${(i % 500) + 0.5}</v></c>${cell(`D${r}`, 'verfügbar')}</row>`
    )
  }
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
  return zipSync({
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${ns}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
    ),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet xmlns="${ns}"><sheetData>${rows.join('')}</sheetData></worksheet>`)
  })
}

/** Runs `task` while a GET is sent every 5 ms; resolves with the task's time and the worst GET latency seen meanwhile. */
async function timedWithProbe(baseUrl, task) {
  let running = true
  let worst = 0
  const probe = (async () => {
    while (running) {
      const start = performance.now()
      await (await fetch(`${baseUrl}/plant/1`, { headers: { authorization: `Bearer ${TOKEN}` } })).arrayBuffer()
      worst = Math.max(worst, performance.now() - start)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  const start = performance.now()
  const result = await task()
  const ms = performance.now() - start
  running = false
  await probe
  return { ms: Math.round(ms), worstGetMs: Math.round(worst), result }
}

async function importCsv(baseUrl, csv, dryRun, type = 'text/csv') {
  const response = await fetch(`${baseUrl}/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': type },
    body: csv
  })
  const body = await response.json()
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body.detail}`)
  return body
}

async function exportAll(baseUrl, format) {
  const response = await fetch(`${baseUrl}/export?format=${format}`, { headers: { authorization: `Bearer ${TOKEN}` } })
  return (await response.arrayBuffer()).byteLength
}

export async function benchTransfer({ rows = 10_000, plants = 100_000, bigMib = 30 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-bench-transfer-'))
  const { child, baseUrl } = await startServe(path.join(dir, 'data'), TOKEN)
  try {
    const results = []
    // Seed: the catalogue up to `plants` minus the rows the timed import will add.
    for (let done = 0; done < plants - rows; done += 50_000) await importCsv(baseUrl, csvOf(Math.min(50_000, plants - rows - done), done), false)
    const csv = csvOf(rows, plants)
    const dry = await timedWithProbe(baseUrl, () => importCsv(baseUrl, csv, true))
    results.push({ name: `import ${rows} CSV rows, dry run`, ms: dry.ms, worstGetMs: dry.worstGetMs })
    const applied = await timedWithProbe(baseUrl, () => importCsv(baseUrl, csv, false))
    results.push({ name: `import ${rows} CSV rows, applied`, ms: applied.ms, worstGetMs: applied.worstGetMs })
    for (const format of ['csv', 'json']) {
      const exported = await timedWithProbe(baseUrl, () => exportAll(baseUrl, format))
      results.push({
        name: `export ${plants} plants as ${format.toUpperCase()} (${(exported.result / 1e6).toFixed(1)} MB)`,
        ms: exported.ms,
        worstGetMs: exported.worstGetMs
      })
    }
    // ~50 bytes a row: the row count that makes a file of about `bigMib` MiB.
    const big = csvOf(Math.round((bigMib * 1024 * 1024) / 50), plants)
    const bigDry = await timedWithProbe(baseUrl, () => importCsv(baseUrl, big, true))
    results.push({
      name: `import ${(Buffer.byteLength(big) / 1048576).toFixed(1)} MiB CSV (${bigDry.result.added} rows), dry run`,
      ms: bigDry.ms,
      worstGetMs: bigDry.worstGetMs
    })
    const shopify = await timedWithProbe(baseUrl, () => importCsv(baseUrl, shopifyOf(rows), true))
    if (shopify.result.mapping?.preset?.id !== 'shopify' || shopify.result.errors.length > 0)
      throw new Error('the Shopify bench file was not read as one')
    results.push({
      name: `mapping and preview of a ${rows}-row Shopify export (${shopify.result.added} lines; ${(shopify.ms / dry.ms).toFixed(1)}× the plain CSV dry run)`,
      ms: shopify.ms,
      worstGetMs: shopify.worstGetMs
    })
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    const workbook = workbookOf(rows, plants * 2)
    // As the UI does: the preview (a dry run) first, then the import applied.
    const xlsxPreview = await timedWithProbe(baseUrl, () => importCsv(baseUrl, workbook, true, xlsxType))
    results.push({ name: `preview of ${rows} xlsx rows (dry run)`, ms: xlsxPreview.ms, worstGetMs: xlsxPreview.worstGetMs })
    const xlsx = await timedWithProbe(baseUrl, () => importCsv(baseUrl, workbook, false, xlsxType))
    if (xlsx.result.added !== rows) throw new Error(`the workbook added ${xlsx.result.added} plants, not ${rows}`)
    results.push({
      name: `import ${rows} xlsx rows, applied (${(workbook.byteLength / 1e6).toFixed(1)} MB; ${(xlsx.ms / applied.ms).toFixed(1)}× the CSV import)`,
      ms: xlsx.ms,
      worstGetMs: xlsx.worstGetMs
    })
    const start = performance.now()
    Papa.parse(csv, { header: true })
    results.push({
      name: `floor: papaparse parse of the same ${rows} rows (in-process, no validation, no write)`,
      ms: Math.round(performance.now() - start),
      worstGetMs: null
    })
    return results
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    await rm(dir, { recursive: true, force: true })
  }
}

/** The rows as a Markdown table. */
export function transferMarkdown(results) {
  const lines = ['| import/export | time | worst GET meanwhile |', '|---|---:|---:|']
  for (const row of results) lines.push(`| ${row.name} | ${row.ms} ms | ${row.worstGetMs === null ? '—' : `${row.worstGetMs} ms`} |`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Only when run alone: imported by run.mjs, process.argv holds run.mjs's options (--quick, …).
  const { values: args } = parseArgs({
    options: {
      rows: { type: 'string', default: '10000' },
      plants: { type: 'string', default: '100000' },
      'big-mib': { type: 'string', default: '30' }
    }
  })
  const results = await benchTransfer({ rows: Number(args.rows), plants: Number(args.plants), bigMib: Number(args['big-mib']) })
  process.stdout.write(`${transferMarkdown(results)}\n`)
}
