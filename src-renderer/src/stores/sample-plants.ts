/**
 * The sample plants a new shop may start with (src-shared/sample-plants.ts): adding them once, how many are still
 * there as they were added, and "Remove sample plants", which deletes exactly those, in one all-or-nothing change,
 * and keeps a sample the shop changed since (its name, category, price or tags) as the shop's own.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { PAGE_LIMIT_MAX } from '#shared/api-paths'
import type { Plant } from '#shared/plant'
import { SAMPLE_TAG, isUnchangedSample, samplePlants } from '#shared/sample-plants'
import { countOf } from '#shared/words'
import { api } from '#renderer/api'

/** What "Remove sample plants" did: how many it removed, and how many tagged plants it kept (changed or the shop's own). */
export interface SamplesRemoved {
  removed: number
  kept: number
  /** The ids removed, for Undo (a deleted plant is kept 30 days to restore). */
  ids: number[]
}

export const useSamplePlantsStore = defineStore('sample-plants', () => {
  /** The samples still as they were added: what "Remove sample plants" removes. */
  const unchanged = ref<Plant[]>([])
  /** Plants tagged as samples that the shop changed since, or added itself: kept. */
  const changed = ref(0)
  const busy = ref(false)
  /** The number "Remove sample plants" would remove; the banner and Settings show the action while it is above 0. */
  const count = computed(() => unchanged.value.length)

  /** Looks for the sample plants (by their tag), in the shop's currency. */
  async function load(): Promise<void> {
    // The currency as the server has it now, not as this page last heard it: the prices are compared in it.
    const [{ plants }, { currency }] = await Promise.all([api().listPlants({ q: SAMPLE_TAG, limit: PAGE_LIMIT_MAX }), api().shopSettings()])
    const tagged = plants.filter((plant) => plant.tags.includes(SAMPLE_TAG))
    unchanged.value = tagged.filter((plant) => isUnchangedSample(plant, currency))
    changed.value = tagged.length - unchanged.value.length
  }

  /** Adds the sample plants, priced in the shop's currency; none when some are there already. Resolves with how many. */
  async function add(): Promise<number> {
    busy.value = true
    try {
      await load()
      if (unchanged.value.length + changed.value > 0) return 0 // a second click, or a set-up finished twice
      const samples = samplePlants((await api().shopSettings()).currency)
      for (const sample of samples) await api().addPlant(sample)
      await load()
      return samples.length
    } finally {
      busy.value = false
    }
  }

  /** Deletes the samples still as they were added (all or nothing); rethrows the ApiError for the caller to say. */
  async function remove(): Promise<SamplesRemoved> {
    busy.value = true
    try {
      await load() // the list as it is now: a sample changed since the banner showed is kept
      const ids = unchanged.value.map((plant) => plant.id)
      if (ids.length > 0) await api().bulkDelete(ids)
      const kept = changed.value
      await load()
      return { removed: ids.length, kept, ids }
    } finally {
      busy.value = false
    }
  }

  /** Undo of a removal: the same plants back, same ids and fields. */
  async function restore(ids: readonly number[]): Promise<void> {
    await api().bulkRestore(ids)
    await load()
  }

  return { unchanged, changed, count, busy, load, add, remove, restore }
})

/** What "Remove sample plants" says it did: "Removed 12 sample plants." (and the ones it kept). */
export function removedWords({ removed, kept }: Pick<SamplesRemoved, 'removed' | 'kept'>): string {
  const done = removed === 0 ? 'No sample plants to remove.' : `Removed ${countOf(removed, 'sample plant')}.`
  if (kept === 0) return done
  return `${done} Kept ${countOf(kept, 'plant')} tagged “${SAMPLE_TAG}” that you added or changed.`
}
