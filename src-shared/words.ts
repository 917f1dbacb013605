/** Counted nouns in the form English needs: "1 plant", "3 plants", "0 plants". */
const pluralRules = new Intl.PluralRules('en')

/** `count` and `noun`, plural where English wants it; `plural` defaults to noun + "s". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${pluralRules.select(count) === 'one' ? noun : plural}`
}

/** How many plants a catalogue (or a backup of it) holds: those the shop sees, and those deleted but kept to restore. */
export interface PlantCount {
  /** The plants shown: not deleted. */
  plantCount: number
  /** Deleted plants still kept (tombstones), which a restore can bring back. */
  deletedCount: number
}

/** A plant count as people read it: "27 plants (and 6 deleted, restorable)", or "27 plants" when none is deleted. */
export function plantCountText({ plantCount, deletedCount }: PlantCount): string {
  return deletedCount === 0 ? countOf(plantCount, 'plant') : `${countOf(plantCount, 'plant')} (and ${deletedCount} deleted, restorable)`
}
