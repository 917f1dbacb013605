/** Plants as large as the field rules allow, for tests of what a stream or a page holds. */
import type { NewPlant } from '#shared/plant'
import { PLANT_LIMITS } from '#shared/plant-schema'

/** Plant `index`, every text field and tag at its longest in three-byte letters: about 6 kB as JSON. */
export function largePlant(index: number): NewPlant {
  const text = (prefix: string, length: number) => `${prefix}${'葉'.repeat(length - prefix.length)}`
  return {
    name: text(`Plant ${index} `, PLANT_LIMITS.textMaxLength),
    category: text('Ferns ', PLANT_LIMITS.textMaxLength),
    tags: Array.from({ length: PLANT_LIMITS.tagsMaxItems }, (_, tag) => text(`t${tag} `, PLANT_LIMITS.tagMaxLength))
  }
}
