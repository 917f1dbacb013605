/**
 * The till a sale, refund or day's close was made at, as receipts and Z reports name it for people: the main
 * computer's own window is "Till" (its token name, "ui", is the API's word for it), a paired till "Till door".
 */
import { OWNER_TOKEN_NAME } from './named-token'

/** Token names that mean the main computer's own till: its staff window, or the owner's key. */
const MAIN_TILL = new Set(['ui', OWNER_TOKEN_NAME])

/** "Till" for the main computer's own, "Till door" for a paired till or a script's token named door. */
export function tillLabel(till: string): string {
  return MAIN_TILL.has(till) ? 'Till' : `Till ${till}`
}
