/**
 * The printed pages the app makes, as data: each layout's paper size. The
 * label dialog's layouts use it, and the desktop app passes it to the printer
 * and to Save as PDF, so a roll printer is sent a 62 × 29 mm job rather than
 * an A4 one. A new printed thing (the till's receipts) is one entry more; its
 * CSS @page must give the same size.
 */

/** One printed page: its name and paper size in millimetres (portrait). */
export interface PrintPage {
  readonly name: string
  readonly widthMm: number
  readonly heightMm: number
}

/**
 * The layouts. A receipt roll has no fixed length: its page is the longest receipt the shop expects, and a receipt
 * printer's driver cuts after the printed part.
 */
export const PRINT_LAYOUTS = {
  /** Labels: an A4 sheet of 3 × 8 labels of 70 × 37 mm. */
  sheet: { name: 'A4 sheet', widthMm: 210, heightMm: 297 },
  /** Labels: one 62 × 29 mm label per page, for a roll label printer. */
  roll: { name: 'Roll label, 62 × 29 mm', widthMm: 62, heightMm: 29 },
  /** Receipts on an 80 mm roll (the usual till printer). */
  'receipt-80mm': { name: 'Receipt roll, 80 mm', widthMm: 80, heightMm: 297 },
  /** Receipts on a 58 mm roll (small and mobile receipt printers). */
  'receipt-58mm': { name: 'Receipt roll, 58 mm', widthMm: 58, heightMm: 297 },
  /** Receipts on A5 paper, on an ordinary printer. */
  'receipt-a5': { name: 'Receipt, A5', widthMm: 148, heightMm: 210 }
} as const satisfies Record<string, PrintPage>

/** The name of a layout. */
export type PrintLayout = keyof typeof PRINT_LAYOUTS

/** True for a layout this app knows (a value from the page is checked before it reaches a printer). */
export function isPrintLayout(value: unknown): value is PrintLayout {
  return typeof value === 'string' && Object.hasOwn(PRINT_LAYOUTS, value)
}
