/** Tags as one line of text, the way the UI's Tags field and a spreadsheet cell write them. */

/** What separates two tags in text: `indoor, shade`. */
export const TAG_SEPARATOR = ', '

/** Splits comma-separated text into tags: `indoor, shade` → ['indoor', 'shade']. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

/** Joins tags into one line of text: ['indoor', 'shade'] → `indoor, shade`. */
export function joinTags(tags: readonly string[]): string {
  return tags.join(TAG_SEPARATOR)
}
