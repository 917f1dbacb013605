/**
 * Where a page of one plant's history lies in its list of seqs (oldest
 * first), found by binary search: a page costs O(log n + page), however many
 * changes the plant has.
 */

/** A sorted list of seqs, read by position (the plant's seqs in the files, then those still in memory). */
export interface SeqList {
  length: number
  at(position: number): number
}

/** Paging of one plant's history: `before` or `after` a seq, at most `limit` entries. */
export interface PlantHistoryQuery {
  limit: number
  before?: number
  after?: number
}

/** The positions [start, end) of a page and the seq to page on with (null at the end). */
export interface PagePositions {
  start: number
  end: number
  next: number | null
}

/** The first position whose seq is above `seq` (`list.length` when none is). */
function firstAbove(list: SeqList, seq: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list.at(middle) <= seq) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The page `query` asks for: with `after`, the oldest `limit` seqs above it (next: the last of them); else the
 * newest `limit` seqs below `before` (or of all), next: the first of them.
 */
export function pagePositions(list: SeqList, query: PlantHistoryQuery): PagePositions {
  if (query.after !== undefined) {
    const start = firstAbove(list, query.after)
    const end = Math.min(list.length, start + query.limit)
    return { start, end, next: end < list.length ? list.at(end - 1) : null }
  }
  const end = query.before === undefined ? list.length : firstAbove(list, query.before - 1)
  const start = Math.max(0, end - query.limit)
  return { start, end, next: start > 0 ? list.at(start) : null }
}

/** Two sorted lists read as one, the second's seqs all above the first's. */
export function joinedSeqs(first: readonly number[], second: readonly number[]): SeqList {
  return {
    length: first.length + second.length,
    at: (position) => (position < first.length ? first[position]! : second[position - first.length]!)
  }
}
