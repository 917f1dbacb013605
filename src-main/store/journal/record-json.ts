/**
 * JSON text of a record that never changes once made (a change log entry),
 * computed once per object: the entry's text goes into the journal line of
 * its batch and, at the checkpoint that folds that journal, into its month's
 * history file; stringifying it twice cost a checkpoint one long pause.
 */
const texts = new WeakMap<object, string>()

/** `JSON.stringify(record)`, computed on the first call for this object; the record must never be changed after. */
export function jsonOnce(record: object): string {
  let text = texts.get(record)
  if (text === undefined) {
    text = JSON.stringify(record)
    texts.set(record, text)
  }
  return text
}
