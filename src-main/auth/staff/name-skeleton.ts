/**
 * When two staff names look alike. Receipts, the change log and the takings per member name a member, so "Anna" in
 * Latin letters and "Аnna" with a Cyrillic А would be two members whom nobody reading a receipt can tell apart.
 */
import { rectifyConfusion } from 'unicode-confusables'

/**
 * The confusable skeleton of `name` (Unicode UTS #39, section 4): decomposed, each character mapped to the prototype
 * confusables.txt gives it, decomposed again. Two names with the same skeleton look the same.
 */
export function nameSkeleton(name: string): string {
  return rectifyConfusion(name.normalize('NFD')).normalize('NFD')
}

/**
 * True when `a` and `b` would be taken for one name: the same but for case or width (ICU collation's accent strength:
 * "anna", "ANNA" and fullwidth "Ａnna" are one name; "Anna" and "Änna" are two), or the same skeleton as written or
 * in lower case. Skeletons are compared exactly, as UTS #39 defines them: folding their case as well would make
 * "Ian" (whose I looks like l) one name with "Lan".
 */
export function looksAlike(a: string, b: string): boolean {
  if (a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0) return true
  return nameSkeleton(a) === nameSkeleton(b) || nameSkeleton(a.toLowerCase()) === nameSkeleton(b.toLowerCase())
}
