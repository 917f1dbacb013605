/**
 * Writes a table as an Excel workbook (.xlsx) that Excel and LibreOffice open:
 * one sheet, text as inline strings (never formulas; a text a spreadsheet
 * would evaluate carries the same leading apostrophe as the CSV export), and
 * money as numbers in the shop's currency format. fflate zips the parts.
 */
import { zipSync, strToU8 } from 'fflate'
import type { Cell } from './sheet-rows'

/** A workbook cell to write: text, a plain number, or money (a number shown in the currency format). */
export type WorkbookCell = Cell | { money: number } | undefined

const escapeXml = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`)

function columnName(index: number): string {
  let name = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name
  return name
}

/** Style indexes of styles.xml below: 0 plain, 1 money, 2 header (bold). */
const MONEY_STYLE = 1
const HEADER_STYLE = 2

function cellXml(cell: WorkbookCell, reference: string, header: boolean): string {
  if (cell === undefined || cell === '') return ''
  const style = header ? ` s="${HEADER_STYLE}"` : ''
  if (typeof cell === 'number') return `<c r="${reference}"${style}><v>${cell}</v></c>`
  if (typeof cell === 'object') return `<c r="${reference}" s="${MONEY_STYLE}"><v>${cell.money}</v></c>`
  const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : ''
  return `<c r="${reference}"${style} t="inlineStr"><is><t${space}>${escapeXml(cell)}</t></is></c>`
}

/** The `<row>` of `cells` at row number `row` (1-based). */
export function rowXml(cells: readonly WorkbookCell[], row: number, header = false): string {
  return `<row r="${row}">${cells.map((cell, index) => cellXml(cell, `${columnName(index)}${row}`, header)).join('')}</row>`
}

function stylesXml(moneyFormat: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<numFmts count="1"><numFmt numFmtId="164" formatCode="${escapeXml(moneyFormat)}"/></numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '</styleSheet>'
  )
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>'

const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>'

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>'

function workbookXml(sheetName: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  )
}

/** How a workbook is laid out: the sheet's name, the columns' widths (characters), the money format code. */
export interface WorkbookLayout {
  sheetName: string
  widths: readonly number[]
  moneyFormat: string
}

/** The workbook of one sheet whose `<row>`s are `rows` (from {@link rowXml}, header first). */
export function zipWorkbook(rows: readonly string[], layout: WorkbookLayout): Uint8Array {
  const cols = layout.widths.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('')
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${rows.join('')}</sheetData></worksheet>`
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(PACKAGE_RELS),
      'xl/workbook.xml': strToU8(workbookXml(layout.sheetName)),
      'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
      'xl/styles.xml': strToU8(stylesXml(layout.moneyFormat)),
      'xl/worksheets/sheet1.xml': strToU8(sheet)
    },
    { level: 6 }
  )
}
