/**
 * How different two PNG pictures are, compared in the e2e browser itself (a blank page's canvas), so no image
 * library is needed: the share of pixels whose colour moved by more than a little (anti-aliasing does not count).
 */
import type { Browser } from 'playwright-core'

/** The share (0–1) of pixels that differ between two PNGs; 1 when their sizes differ. */
export async function differingShare(browser: Browser, a: Buffer, b: Buffer): Promise<number> {
  const page = await browser.newPage()
  try {
    return await page.evaluate(
      async ([first, second]) => {
        const g = globalThis as any
        const pixels = async (base64: string) => {
          const image = new g.Image()
          image.src = `data:image/png;base64,${base64}`
          await image.decode()
          const canvas = g.document.createElement('canvas')
          canvas.width = image.naturalWidth
          canvas.height = image.naturalHeight
          const context = canvas.getContext('2d')
          context.drawImage(image, 0, 0)
          return context.getImageData(0, 0, canvas.width, canvas.height)
        }
        const [x, y] = [await pixels(first!), await pixels(second!)]
        if (x.width !== y.width || x.height !== y.height) return 1
        let differing = 0
        for (let i = 0; i < x.data.length; i += 4) {
          const moved = Math.max(Math.abs(x.data[i] - y.data[i]), Math.abs(x.data[i + 1] - y.data[i + 1]), Math.abs(x.data[i + 2] - y.data[i + 2]))
          if (moved > 48) differing += 1
        }
        return differing / (x.width * x.height)
      },
      [a.toString('base64'), b.toString('base64')]
    )
  } finally {
    await page.close()
  }
}
